import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { advertisedKeys, productKeys } from '@/lib/query-keys'
import type { Product } from '@/lib/types'

function isProduct(value: unknown): value is Product {
  if (!value || typeof value !== 'object') return false
  const p = value as Partial<Product>
  return typeof p.id === 'number' && typeof p.product === 'string' && typeof p.resale_price === 'number'
}

/** The products in a query's data: a product, a list's items, or an infinite list's pages. */
function productsIn(data: unknown): Product[] {
  if (isProduct(data)) return [data]
  if (!data || typeof data !== 'object') return []
  const { items, pages } = data as { items?: unknown; pages?: unknown }
  if (Array.isArray(items)) return items.filter(isProduct)
  if (Array.isArray(pages)) return pages.flatMap(productsIn)
  return []
}

/**
 * Every listing the app holds an answer for, once each, as most recently
 * fetched: category pages, product pages, adverts, the newest listings and
 * earlier searches. The query cache holds what this visit fetched and what
 * was saved on the device (put back at start, docs/offline.md), and nothing
 * the server did not send.
 */
export function savedProducts(client: QueryClient): Product[] {
  const newest = new Map<number, { product: Product; fetchedAt: number }>()
  const cache = client.getQueryCache()
  for (const query of [...cache.findAll({ queryKey: productKeys.all }), ...cache.findAll({ queryKey: advertisedKeys.all })]) {
    const fetchedAt = query.state.dataUpdatedAt
    for (const product of productsIn(query.state.data)) {
      const known = newest.get(product.id)
      if (!known || known.fetchedAt < fetchedAt) newest.set(product.id, { product, fetchedAt })
    }
  }
  return [...newest.values()].map(({ product }) => product)
}

/** savedProducts(), kept up to date while `active` (answers restored or fetched meanwhile). */
export function useSavedProducts(active: boolean): Product[] {
  const client = useQueryClient()
  const [version, setVersion] = useState(0)
  useEffect(() => {
    if (!active) return
    return client.getQueryCache().subscribe((event) => {
      if ((event.type === 'updated' && event.action.type === 'success') || event.type === 'removed') {
        setVersion((v) => v + 1)
      }
    })
  }, [client, active])
  // `version` changes with the cache: the list is read again then.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version is that signal, not a value read
  return useMemo(() => (active ? savedProducts(client) : []), [client, active, version])
}
