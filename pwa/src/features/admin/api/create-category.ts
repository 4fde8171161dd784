import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Category } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

export interface NewCategory {
  name: string
  image: File
}

/** POST /api/categories (multipart name + image): 201; 409 with a field error when the name is taken. */
export function createCategory({ name, image }: NewCategory): Promise<Category> {
  const form = new FormData()
  form.append('name', name)
  form.append('image', image)
  return api.post('/categories', { body: form })
}

export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'category.created' }),
  })
}
