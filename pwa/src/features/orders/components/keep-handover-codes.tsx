import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { keepHandoverCodes } from '../api/get-handover-code'

/** Keeps the signed-in buyer's handover codes on the device (keepHandoverCodes). */
export function KeepHandoverCodes() {
  const queryClient = useQueryClient()
  useEffect(() => keepHandoverCodes(queryClient), [queryClient])
  return null
}
