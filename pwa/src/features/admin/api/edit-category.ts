import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type Body } from '@/lib/api'
import { refreshAfterWrite } from '@/lib/refresh'
import type { Category } from '@/lib/types'
import { uploadImage } from '@/lib/upload-image'

export interface CategoryEdit {
  /** The category's name as it is now. */
  category: string
  name?: string
  /** A new picture, uploaded first (POST /api/images). */
  image?: File
}

/**
 * PATCH /api/categories/{name} {"name", "image"}: the fields sent change; 409 with a field error when the
 * name is another category's. Links to the former name keep working (the server redirects them).
 */
export async function editCategory({ category, name, image }: CategoryEdit): Promise<Category> {
  const changes: Body<'/categories/{name}', 'patch'> = {}
  if (name !== undefined) changes.name = name
  if (image) changes.image = (await uploadImage(image)).url
  return api.patch('/categories/{name}', { path: { name: category }, body: changes })
}

export function useEditCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: editCategory,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'category.edited' }),
  })
}
