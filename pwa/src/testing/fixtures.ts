import type { User } from '@/lib/types'

export const buyer: User = {
  id: 1,
  name: 'Bea Buyer',
  email: 'bea@example.com',
  role: 'Buyer',
  image: '/images/bea.webp',
  phone: '+1 555 0100',
  location: 'Springfield',
}

export const seller: User = {
  id: 2,
  name: 'Sam Seller',
  email: 'sam@example.com',
  role: 'Seller',
  image: '/images/sam.webp',
  phone: '+1 555 0101',
  location: 'Shelbyville',
  verified: true,
}

export const admin: User = {
  id: 3,
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'Admin',
  image: '/images/ada.webp',
  phone: '',
  location: '',
}
