import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { postKeys } from '@/lib/query-keys'
import { refreshAfterWrite } from '@/lib/refresh'
import type { Post, PostInput } from '@/lib/types'

export type { PostInput }

/** POST /api/posts (admins): 201 with the post and its slug; 422 names the fields. */
export function createPost(input: PostInput): Promise<Post> {
  return api.post('/posts', { body: input })
}

/** PATCH /api/posts/{id} (admins): any of the fields; the slug stays. */
export function editPost({ id, ...input }: Partial<PostInput> & { id: number }): Promise<Post> {
  return api.patch('/posts/{post}', { path: { post: id }, body: input })
}

function useSaved() {
  const queryClient = useQueryClient()
  return (post: Post) => {
    queryClient.setQueryData(postKeys.detail(post.slug), post)
    return refreshAfterWrite(queryClient, { kind: 'post.saved' })
  }
}

export function useCreatePost() {
  const saved = useSaved()
  return useMutation({ mutationFn: createPost, onSuccess: saved })
}

export function useEditPost() {
  const saved = useSaved()
  return useMutation({ mutationFn: editPost, onSuccess: saved })
}

/** DELETE /api/posts/{id} (admins): 204. */
export function deletePost(post: Post): Promise<void> {
  return api.delete('/posts/{post}', { path: { post: post.id } })
}

export function useDeletePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'post.deleted' }),
  })
}
