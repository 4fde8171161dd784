import { describe, expect, it } from 'vitest'
import { buyer } from '@/testing/fixtures'
import { apiError, json, mockApi, undocumented } from '@/testing/mock-api'
import { getMe } from './auth'

describe('getMe', () => {
  it.each([
    ['the user', () => json(buyer), buyer],
    ['nobody: 204, no body', () => json(undefined, 204), null],
    ['nobody, from an older server: 200 null', () => undocumented(null), null],
    ['nobody, from an older server still: 401', () => apiError(401, 'Sign in first'), null],
  ])('reads %s', async (_, answer, want) => {
    mockApi({ 'GET /api/auth/me': answer })
    expect(await getMe()).toEqual(want)
  })
})
