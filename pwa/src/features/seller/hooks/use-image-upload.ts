import { useCallback, useRef, useState } from 'react'
import { uploadImage } from '@/lib/upload-image'
import type { Image } from '@/lib/types'

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading' }
  | { status: 'done'; image: Image }
  | { status: 'failed'; error: unknown }

interface Upload {
  file: File
  promise: Promise<Image>
}

/**
 * Uploads a picture through POST /api/images as soon as it is chosen, so the
 * server checks it early; ensure(file) on submit reuses that upload, waits for
 * it, or starts again after a failure.
 */
export function useImageUpload() {
  const current = useRef<Upload | null>(null)
  const [state, setState] = useState<UploadState>({ status: 'idle' })

  const start = useCallback((file: File | undefined): Upload | null => {
    if (!file) {
      current.current = null
      setState({ status: 'idle' })
      return null
    }
    const upload: Upload = { file, promise: uploadImage(file) }
    current.current = upload
    setState({ status: 'uploading' })
    upload.promise.then(
      (image) => {
        if (current.current === upload) setState({ status: 'done', image })
      },
      (error: unknown) => {
        if (current.current !== upload) return
        current.current = null
        setState({ status: 'failed', error })
      },
    )
    return upload
  }, [])

  const ensure = useCallback(
    (file: File): Promise<Image> => {
      const upload = current.current?.file === file ? current.current : start(file)
      return upload ? upload.promise : Promise.reject(new Error('Choose a picture'))
    },
    [start],
  )

  return { state, start, ensure }
}
