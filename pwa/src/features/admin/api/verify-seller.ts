import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { User } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/** PUT /api/sellers/{id}: 200 with the seller, now verified (no way back). */
export function verifySeller(id: number): Promise<User> {
  return api.put('/sellers/{id}', { path: { id } })
}

export function useVerifySeller() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifySeller,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'seller.verified' }),
  })
}
