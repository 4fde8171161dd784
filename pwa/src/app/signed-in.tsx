// What runs only while someone is signed in: sending the outbox, following the
// live events, keeping the buyer's handover codes on the device, and noticing
// a session ended elsewhere. Loaded at sign-in (or
// when a saved session is restored), not with a first visit's script.
import { OutboxSync } from '@/features/offline/components/outbox-sync'
import { SessionEnded } from '@/features/auth/components/session-ended'
import { KeepHandoverCodes } from '@/features/orders/components/keep-handover-codes'
import { LiveEvents } from './live-events'

export function SignedIn() {
  return (
    <>
      <OutboxSync />
      <LiveEvents />
      <KeepHandoverCodes />
      <SessionEnded />
    </>
  )
}
