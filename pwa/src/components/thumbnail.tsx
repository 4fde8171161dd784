import { cn } from '@/lib/cn'

interface ThumbnailProps {
  /** Prefer a thumb_url (400 px) over the full image in lists. */
  src: string
  /** Describe the picture, e.g. the product's name; '' only when purely decorative. */
  alt: string
  /** Rendered width and height in px (square, cropped to fit). */
  size?: number
  className?: string
}

/** A square, lazily loaded picture with its size set up front, so the layout doesn't jump. */
export function Thumbnail({ src, alt, size = 64, className }: ThumbnailProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cn('aspect-square shrink-0 rounded-lg bg-stone-100 object-cover', className)}
    />
  )
}
