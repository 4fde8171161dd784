import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { List, Product } from '@/lib/types'
import { productKeys } from '@/lib/query-keys'

export const categoryPageSize = 24

/** How many categories' products are kept on the device; the least recently fetched go first. */
export const savedCategoriesLimit = 8

/** A page of a category's products, and the category's name now when it was asked for by a former name. */
export type CategoryPage = List<Product> & { renamedTo?: string }

const categoryPrefix = '/api/categories/'

/**
 * GET /api/categories/{name}: one page of the category's available products, newest first; 404 for an
 * unknown category. A renamed category's former name answers 308 to its name now, which fetch follows.
 */
export async function getCategoryProducts(name: string, offset: number, signal?: AbortSignal): Promise<CategoryPage> {
  let renamedTo: string | undefined
  const page = await api.get('/categories/{name}', {
    path: { name },
    query: { limit: categoryPageSize, offset },
    signal,
    redirected: (path) => {
      if (path.startsWith(categoryPrefix)) renamedTo = decodeURIComponent(path.slice(categoryPrefix.length))
    },
  })
  return renamedTo === undefined ? page : { ...page, renamedTo }
}

/** The next offset is how many were loaded so far, until `total` are shown. */
export function nextOffset(pages: CategoryPage[]): number | undefined {
  const last = pages[pages.length - 1]
  if (!last || last.items.length === 0) return undefined
  const loaded = pages.reduce((count, page) => count + page.items.length, 0)
  return loaded < last.total ? loaded : undefined
}

export const categoryProductsQueryOptions = (name: string) =>
  infiniteQueryOptions({
    queryKey: productKeys.category(name),
    queryFn: ({ pageParam, signal }) => getCategoryProducts(name, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    meta: { offline: { scope: 'public', group: 'category', limit: savedCategoriesLimit } },
  })

export function useCategoryProducts(name: string) {
  return useInfiniteQuery(categoryProductsQueryOptions(name))
}

/**
 * The loaded products without duplicates: a product listed while paging
 * pushes older ones down a page, so the same one can arrive twice.
 */
export function uniqueProducts(pages: List<Product>[] | undefined): Product[] {
  const seen = new Set<number>()
  const products: Product[] = []
  for (const page of pages ?? []) {
    for (const product of page.items) {
      if (seen.has(product.id)) continue
      seen.add(product.id)
      products.push(product)
    }
  }
  return products
}
