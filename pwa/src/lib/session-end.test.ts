import { QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { buyer, seller } from '@/testing/fixtures'
import { createTestQueryClient } from '@/testing/render'
import { ApiError } from './api'
import { authKeys, bookingKeys, conversationKeys } from './query-keys'
import { sessionRenewed, watchSessionEnd } from './session-end'

function watching(signedIn: typeof buyer | null) {
  const client = createTestQueryClient()
  client.setQueryData(authKeys.me(), signedIn)
  const onEnded = vi.fn()
  const stop = watchSessionEnd(client, onEnded)
  const answer = (key: readonly unknown[], result: unknown) =>
    client
      .fetchQuery({
        queryKey: key,
        queryFn: () => (result instanceof Error ? Promise.reject(result) : Promise.resolve(result)),
        staleTime: 0,
      })
      .catch(() => undefined)
  return { client, onEnded, stop, answer }
}

const unauthorized = () => new ApiError(401, 'Sign in first')

describe('watchSessionEnd', () => {
  it('says once that the session ended when requests of a signed-in browser answer 401', async () => {
    const { onEnded, answer } = watching(buyer)
    await Promise.all([answer(conversationKeys.unread(), unauthorized()), answer(conversationKeys.list(), unauthorized())])
    await answer(bookingKeys.list(), unauthorized())
    expect(onEnded).toHaveBeenCalledTimes(1)
  })

  it('says so when GET /api/auth/me answers nobody while someone was signed in, with a screen showing who', async () => {
    const { client, onEnded, answer } = watching(buyer)
    // A screen's observer hears of the answer before the cache's own event does.
    const unsubscribe = new QueryObserver(client, { queryKey: authKeys.me(), enabled: false }).subscribe(() => {})
    await answer(authKeys.me(), null)
    unsubscribe()
    expect(onEnded).toHaveBeenCalledTimes(1)
  })

  it('says nothing for a visitor, a network failure, another error, or Log Out', async () => {
    const visitor = watching(null)
    await visitor.answer(conversationKeys.unread(), unauthorized())
    expect(visitor.onEnded).not.toHaveBeenCalled()

    const { client, onEnded, answer } = watching(buyer)
    await answer(conversationKeys.unread(), new ApiError(0, 'Cannot reach the server'))
    await answer(conversationKeys.unread(), new ApiError(403, 'Not yours'))
    await answer(authKeys.me(), buyer)
    client.setQueryData(authKeys.me(), null)
    await answer(conversationKeys.unread(), unauthorized())
    expect(onEnded).not.toHaveBeenCalled()
  })

  it('watches again once someone signs in again, and not after it is stopped', async () => {
    const { client, onEnded, stop, answer } = watching(buyer)
    await answer(conversationKeys.unread(), unauthorized())
    client.setQueryData(authKeys.me(), null)
    client.setQueryData(authKeys.me(), seller)
    await answer(conversationKeys.unread(), unauthorized())
    expect(onEnded).toHaveBeenCalledTimes(2)
    client.setQueryData(authKeys.me(), null)
    client.setQueryData(authKeys.me(), seller)
    stop()
    await answer(conversationKeys.unread(), unauthorized())
    expect(onEnded).toHaveBeenCalledTimes(2)
  })

  it('says nothing while this browser renews its own session, whose old cookie the server ends first', async () => {
    const { client, onEnded, answer } = watching(buyer)
    let answerRenewal: (user: typeof buyer) => void = () => {}
    const renewal = client
      .getMutationCache()
      .build(client, {
        mutationKey: authKeys.renewal(),
        mutationFn: () => new Promise<typeof buyer>((resolve) => (answerRenewal = resolve)),
      })
      .execute(undefined)
    let renewed = false
    const waited = sessionRenewed(client).then(() => (renewed = true))
    await answer(conversationKeys.unread(), unauthorized())
    await answer(authKeys.me(), null)
    expect(onEnded).not.toHaveBeenCalled()
    expect(renewed).toBe(false)

    answerRenewal(buyer)
    await renewal
    await waited
    client.setQueryData(authKeys.me(), buyer)
    await answer(conversationKeys.unread(), unauthorized())
    expect(onEnded).toHaveBeenCalledTimes(1)
  })
})
