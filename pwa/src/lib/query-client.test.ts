import type { QueryKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api'
import { createQueryClient, retryDelay, shouldRetry } from './query-client'

describe('query client', () => {
  it('refetches a screen each time it is shown and keeps unused data five minutes', () => {
    const client = createQueryClient()
    const queries = client.getDefaultOptions().queries
    const query = client.getQueryCache().build(client, { queryKey: ['any'] as QueryKey })
    expect(typeof queries?.staleTime === 'function' ? queries.staleTime(query) : queries?.staleTime).toBe(0)
    expect(queries?.gcTime).toBe(5 * 60 * 1000)
  })

  it('retries three times, but never a 4xx', () => {
    const serverError = new ApiError(500, 'Internal error')
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, serverError))).toEqual([true, true, true, false])
    expect(shouldRetry(0, new ApiError(0, 'offline'))).toBe(true)
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetry(0, new ApiError(status, 'no'))).toBe(false)
    }
  })

  it('backs off exponentially up to 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
})
