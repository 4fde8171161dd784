import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api'
import { outboxKeys } from '../query-keys'
import type { OutboxEntry } from './db'
import { dismissRefused, noteRefused, type RefusedRequest } from './refused'

function entry(key: string, path = '/conversations/3/messages'): OutboxEntry {
  return {
    id: 1,
    userId: 2,
    path,
    body: { text: 'Hello' },
    idempotencyKey: key,
    label: 'Oak table',
    sentMessage: 'Message sent',
    queuedAt: 1,
  }
}

describe('refused requests', () => {
  it('keeps each refusal once, with its reason, and forgets one dismissed', () => {
    const client = new QueryClient()
    const refused = new ApiError(403, 'You cannot message this person')
    noteRefused(client, { request: entry('a') }, 10)
    expect(client.getQueryData(outboxKeys.refused())).toBeUndefined()

    noteRefused(client, { request: entry('a'), error: refused }, 10)
    noteRefused(client, { request: entry('a'), error: refused }, 11)
    noteRefused(client, { request: entry('b', '/booked'), error: new ApiError(409, 'Already sold') }, 12)
    const kept = client.getQueryData<RefusedRequest[]>(outboxKeys.refused())
    expect(kept).toEqual([
      {
        key: 'a',
        userId: 2,
        path: '/conversations/3/messages',
        body: { text: 'Hello' },
        reason: 'You cannot message this person',
        refusedAt: 11,
      },
      { key: 'b', userId: 2, path: '/booked', body: { text: 'Hello' }, reason: 'Already sold', refusedAt: 12 },
    ])

    dismissRefused(client, 'a')
    expect(client.getQueryData<RefusedRequest[]>(outboxKeys.refused())?.map((r) => r.key)).toEqual(['b'])
  })
})
