// The ['bookings'] prefix is shared on purpose: the catalogue invalidates it
// after a booking, so My Orders and the payment screen refresh.
export const bookingKeys = {
  all: ['bookings'] as const,
  mine: () => [...bookingKeys.all, 'mine'] as const,
  list: () => [...bookingKeys.mine(), 'list'] as const,
  detail: (id: number) => [...bookingKeys.mine(), 'detail', id] as const,
}
