import { api } from './api'
import type { Image } from './types'

/** POST /api/images: the server checks, re-encodes and stores the picture; use the answer's url. */
export function uploadImage(file: File | Blob, signal?: AbortSignal): Promise<Image> {
  const form = new FormData()
  form.append('image', file)
  return api.post('/images', { body: form, signal })
}
