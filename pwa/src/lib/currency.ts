// The marketplace's currency has one owner: GET /api/payment-methods, in the
// react-query cache. AppProvider keeps that answer loaded (usePaymentMethods);
// screens format prices with useFormatPrice(), which only reads it, so showing
// a price never sends a request of its own.
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { api } from './api'
import { defaultCurrency, formatPrice } from './format'
import { intlLocale, useLocale } from './i18n'
import { paymentMethodsKey } from './query-keys'
import type { PaymentMethods } from './types'

export const paymentMethodsQueryOptions = () => ({
  queryKey: paymentMethodsKey,
  queryFn: (): Promise<PaymentMethods> => api.get('/payment-methods'),
  staleTime: Infinity,
  retry: false,
  // Kept on the device, so prices offline are in the right currency.
  meta: { offline: { scope: 'public' as const, group: 'payment-methods', limit: 1 } },
})

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions())
}

/** The currency prices are in: the server's, or 'usd' until it answers (or when it names none). */
export function useCurrency(): string {
  const { data } = useQuery({ ...paymentMethodsQueryOptions(), enabled: false })
  return data?.currency || defaultCurrency
}

/** Whether buyers may pay by card here, read like the currency (false until the server answers). */
export function useCardPayments(): boolean {
  const { data } = useQuery({ ...paymentMethodsQueryOptions(), enabled: false })
  return data?.card === true
}

/**
 * formatPrice in the marketplace's currency and the app's language, redrawn
 * when either changes: const formatPrice = useFormatPrice().
 */
export function useFormatPrice(): (value: number | string) => string {
  const currency = useCurrency()
  const locale = useLocale()
  return useCallback((value: number | string) => formatPrice(value, currency, intlLocale(locale)), [currency, locale])
}
