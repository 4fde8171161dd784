import { QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefetchForFirstScreen, seedForFirstScreen, takeFirstScreenLists } from './first-screen'
import { createQueryClient } from './query-client'

/** A screen showing the query: subscribes as useQuery does, and returns how to leave. */
function show(client: ReturnType<typeof createQueryClient>, queryFn: () => Promise<string>) {
  const observer = new QueryObserver(client, { queryKey: ['lists', 'home'], queryFn })
  return observer.subscribe(() => {})
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the first screen', () => {
  afterEach(() => document.getElementById('first-screen')?.remove())

  it('shows what the page came with without asking, and asks the next time it is shown', async () => {
    const client = createQueryClient()
    const queryFn = vi.fn(() => Promise.resolve('fetched'))
    seedForFirstScreen(client, ['lists', 'home'], 'from the page')
    const leave = show(client, queryFn)
    await settle()
    expect(queryFn).not.toHaveBeenCalled()
    expect(client.getQueryData(['lists', 'home'])).toBe('from the page')
    leave()
    show(client, queryFn)
    await settle()
    expect(queryFn).toHaveBeenCalledTimes(1)
    expect(client.getQueryData(['lists', 'home'])).toBe('fetched')
  })

  it('asks once for what it prefetches, whether the screen comes before or after the answer', async () => {
    for (const screenFirst of [true, false]) {
      const client = createQueryClient()
      let answer: (value: string) => void = () => {}
      const queryFn = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)))
      prefetchForFirstScreen(client, { queryKey: ['lists', 'home'], queryFn })
      if (screenFirst) show(client, queryFn)
      answer('fetched')
      await settle()
      if (!screenFirst) show(client, queryFn)
      await settle()
      expect(queryFn).toHaveBeenCalledTimes(1)
    }
  })

  it("reads the page's lists once", () => {
    const lists = { categories: { items: [], total: 0 }, advertised: { items: [], total: 0 } }
    const element = Object.assign(document.createElement('script'), { type: 'application/json', id: 'first-screen' })
    element.textContent = JSON.stringify(lists)
    document.head.append(element)
    expect(takeFirstScreenLists()).toEqual(lists)
    expect(takeFirstScreenLists()).toBeNull()
  })
})
