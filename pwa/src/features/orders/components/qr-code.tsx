import { useEffect, useState } from 'react'
import type { QrPath } from './qr-path'

/** The quiet zone a reader needs around the code, in modules. */
const margin = 4

/**
 * `text` as a QR code, drawn once its code has loaded (it is not part of the
 * first scripts). Dark on white whatever the theme, as a camera wants it.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const [qr, setQr] = useState<(QrPath & { text: string }) | null>(null)
  useEffect(() => {
    let live = true
    import('./qr-path').then(
      ({ qrPath }) => live && setQr({ ...qrPath(text), text }),
      (error: unknown) => console.warn('Could not draw the QR code', error),
    )
    return () => {
      live = false
    }
  }, [text])

  const side = qr ? qr.size + 2 * margin : 0
  return (
    <div className={className}>
      {qr && qr.text === text ? (
        <svg
          role="img"
          aria-label={label}
          viewBox={`${-margin} ${-margin} ${side} ${side}`}
          shapeRendering="crispEdges"
          className="size-full"
        >
          <rect x={-margin} y={-margin} width={side} height={side} fill="#fff" />
          <path d={qr.d} fill="#000" />
        </svg>
      ) : (
        <div aria-hidden="true" className="size-full animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
      )}
    </div>
  )
}
