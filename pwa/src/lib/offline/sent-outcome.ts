// What follows a request the outbox sent: loaded on its first outcome, so
// neither the toasts nor the table of refreshes are in the first script.
import type { QueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import type { SendOutcome } from '@/lib/offline/outbox'
import { noteRefused } from '@/lib/offline/refused'
import { refresh, refreshAfterWrite } from '@/lib/refresh'

/** Toasts the request's real outcome, keeps a refusal for its screen to show, and refreshes what it changed. */
export function followOutcome(queryClient: QueryClient, outcome: SendOutcome) {
  const { request, error } = outcome
  if (error) {
    toast.error(`${request.label}: ${error.message}`)
    noteRefused(queryClient, outcome)
  } else toast.success(request.sentMessage)
  // A request queued by an earlier version names no change: what the live events tell about is refetched.
  const change = request.change ?? { kind: 'reset' }
  void (error ? refresh : refreshAfterWrite)(queryClient, change)
}
