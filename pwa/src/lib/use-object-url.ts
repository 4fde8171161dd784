import { useEffect, useState } from 'react'

/**
 * A blob: URL for a chosen file, to preview a picture before uploading it;
 * revoked when the file changes or the screen goes. undefined without a file
 * (or where one cannot be made, as in jsdom).
 */
export function useObjectUrl(file: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    let next: string | undefined
    try {
      next = file ? URL.createObjectURL(file) : undefined
    } catch {
      // No preview then; the upload does not need one.
    }
    setUrl(next)
    return () => {
      if (next) URL.revokeObjectURL(next)
    }
  }, [file])
  return url
}
