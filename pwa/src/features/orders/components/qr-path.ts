// Loaded only when a handover code is shown (qr-code.tsx imports it lazily):
// lean-qr's smallest build, about 3 KB gzipped, out of the first scripts.
import { generate } from 'lean-qr/nano'
import { toSvgPath } from 'lean-qr/extras/svg'

export interface QrPath {
  /** Modules per side, without the quiet zone. */
  size: number
  /** The dark modules, as an SVG path in module units. */
  d: string
}

/** The QR code of `text`, as an SVG path. */
export function qrPath(text: string): QrPath {
  const code = generate(text)
  return { size: code.size, d: toSvgPath(code) }
}
