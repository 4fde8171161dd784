import type { Stripe, StripeElements } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/button'
import { useFormatPrice } from '@/lib/currency'
import { useI18n, useLocale } from '@/lib/i18n'
import type { Checkout } from '@/lib/types'

/**
 * Stripe's Payment Element and a Pay button. Loaded only on the payment
 * screen (this module is imported lazily), and Stripe.js only when it shows.
 * onPaid is called once Stripe has taken the payment; the booking reads Paid
 * when Stripe's event reaches the server.
 */
export default function CardPayment({ checkout, price, onPaid }: { checkout: Checkout; price: number; onPaid: () => void }) {
  const mountPoint = useRef<HTMLDivElement>(null)
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [paying, setPaying] = useState(false)
  const formatPrice = useFormatPrice()
  const i18n = useI18n()
  // Stripe writes its own labels and messages in the app's language too.
  const locale = useLocale()

  useEffect(() => {
    let cancelled = false
    let unmount: (() => void) | undefined
    loadStripe(checkout.publishable_key)
      .then((loaded) => {
        if (cancelled || !loaded || !mountPoint.current) return
        const elements = loaded.elements({ clientSecret: checkout.client_secret, locale })
        const element = elements.create('payment')
        element.mount(mountPoint.current)
        unmount = () => element.destroy()
        setStripe({ stripe: loaded, elements })
      })
      .catch(() => {
        if (!cancelled) {
          setError(
            i18n._({
              id: 'payment.card.loadError',
              message: 'The card form could not be loaded. Pay in person, or try again later.',
            }),
          )
        }
      })
    return () => {
      cancelled = true
      unmount?.()
    }
  }, [checkout, i18n, locale])

  async function pay() {
    if (!stripe) return
    setPaying(true)
    setError(null)
    const result = await stripe.stripe.confirmPayment({
      elements: stripe.elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    })
    setPaying(false)
    if (result.error) {
      setError(result.error.message ?? i18n._({ id: 'payment.card.failed', message: 'The payment did not go through.' }))
      return
    }
    onPaid()
  }

  return (
    <section aria-labelledby="card-payment" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="card-payment" className="text-lg font-semibold">
        {i18n._({ id: 'payment.card.title', message: 'Pay by card' })}
      </h2>
      <div ref={mountPoint} className="mt-4 min-h-24" />
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-700">
          {error}
        </p>
      )}
      <Button className="mt-4 w-full" onClick={() => void pay()} disabled={!stripe} isLoading={paying}>
        {i18n._({ id: 'payment.card.pay', message: 'Pay {price}', values: { price: formatPrice(price) } })}
      </Button>
    </section>
  )
}
