import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage, isApiError } from '@/lib/api'
import { maxPhotos } from '@/lib/api/contract.gen'
import { uploadImage } from '@/lib/upload-image'
import type { PhotoItem } from '@/components/photos-field'

let nextKey = 0

/** A photo already stored (a product's image and its thumbnail). */
export interface StoredPhoto {
  url: string
  thumb: string
}

/**
 * A product's photos while its form is open: chosen files upload at once
 * through POST /api/images, each on its own and all together, so one refused
 * picture fails alone; the seller orders and removes them meanwhile.
 * settled() waits for the uploads under way and answers the photos then.
 */
export function usePhotoUploads(initial: StoredPhoto[] = []) {
  const [photos, setPhotos] = useState<PhotoItem[]>(() =>
    initial.map((photo) => ({
      key: `stored-${++nextKey}`,
      status: 'done',
      url: photo.url,
      preview: photo.thumb || photo.url,
    })),
  )
  // The list lives in a ref, so settled() sees what the uploads made of it
  // before React has rendered it; state mirrors it for rendering.
  const list = useRef(photos)
  const [skipped, setSkipped] = useState(0)
  const pending = useRef(new Map<string, Promise<void>>())
  const previews = useRef(new Set<string>())

  useEffect(() => {
    const made = previews.current
    return () => made.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  const commit = useCallback((next: PhotoItem[]) => {
    list.current = next
    setPhotos(next)
  }, [])

  const update = useCallback(
    (key: string, change: Partial<PhotoItem>) =>
      commit(list.current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo))),
    [commit],
  )

  const upload = useCallback(
    (key: string, file: File) => {
      const promise = uploadImage(file).then(
        (image) => update(key, { status: 'done', url: image.url, error: undefined }),
        (error: unknown) =>
          // A refusal (4xx: too large, not a picture) would be refused again;
          // no answer, or a server error, may go through next time.
          update(key, {
            status: 'failed',
            error: errorMessage(error),
            retryable: !(isApiError(error) && error.isClientError),
          }),
      )
      pending.current.set(key, promise)
      void promise.finally(() => {
        if (pending.current.get(key) === promise) pending.current.delete(key)
      })
    },
    [update],
  )

  const add = useCallback(
    (files: File[]) => {
      const taken = files.slice(0, Math.max(0, maxPhotos - list.current.length))
      setSkipped(files.length - taken.length)
      const added: PhotoItem[] = taken.map((file) => ({
        key: `new-${++nextKey}`,
        status: 'uploading',
        file,
        preview: previewOf(file, previews.current),
      }))
      commit([...list.current, ...added])
      taken.forEach((file, i) => upload(added[i]!.key, file))
    },
    [commit, upload],
  )

  const remove = useCallback(
    (key: string) => {
      pending.current.delete(key)
      setSkipped(0)
      commit(list.current.filter((photo) => photo.key !== key))
    },
    [commit],
  )

  const move = useCallback(
    (key: string, by: -1 | 1) => {
      const from = list.current.findIndex((photo) => photo.key === key)
      const to = from + by
      if (from < 0 || to < 0 || to >= list.current.length) return
      const next = [...list.current]
      ;[next[from], next[to]] = [next[to]!, next[from]!]
      commit(next)
    },
    [commit],
  )

  const retry = useCallback(
    (key: string) => {
      const photo = list.current.find((p) => p.key === key)
      if (!photo?.file || !photo.retryable) return
      update(key, { status: 'uploading', error: undefined, retryable: undefined })
      upload(key, photo.file)
    },
    [update, upload],
  )

  const settled = useCallback(async (): Promise<PhotoItem[]> => {
    while (pending.current.size > 0) await Promise.all(pending.current.values())
    return list.current
  }, [])

  return { photos, skipped, add, remove, move, retry, settled }
}

function previewOf(file: File, made: Set<string>): string | undefined {
  try {
    const url = URL.createObjectURL(file)
    made.add(url)
    return url
  } catch {
    // jsdom has no object URLs; the photo shows without a preview.
    return undefined
  }
}
