import { Link } from 'react-router-dom'
import { paths } from '@/lib/paths'
import type { Booking } from '@/lib/types'

/** Who booked: a link to their page (their rating, reviews and no-shows) while their account is there. */
export function BuyerName({ booking }: { booking: Pick<Booking, 'buyer_id' | 'buyer_name'> }) {
  if (!booking.buyer_id) return <span className="font-medium">{booking.buyer_name}</span>
  return (
    <Link to={paths.seller(booking.buyer_id)} className="font-medium">
      {booking.buyer_name}
    </Link>
  )
}
