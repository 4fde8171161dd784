// What src/app uses from the messages feature in the top bar (the screens are
// loaded lazily by the router). Kept small: it is part of every first visit.
export { UnreadBadge } from './components/unread-badge'
