import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Category, List } from '@/lib/types'
import { categoryKeys } from './keys'

const limit = 100

/** GET /api/categories, every page: the choices of the Add Product form. */
export async function getAllCategories(signal?: AbortSignal): Promise<Category[]> {
  const all: Category[] = []
  for (let offset = 0; ; offset += limit) {
    const page = await api.get<List<Category>>('/categories', { params: { limit, offset }, signal })
    all.push(...page.items)
    if (page.items.length === 0 || all.length >= page.total) return all
  }
}

export const categoryChoicesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.choices(),
    queryFn: ({ signal }) => getAllCategories(signal),
  })

export function useCategoryChoices() {
  return useQuery(categoryChoicesQueryOptions())
}
