import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { useFormatPrice, usePaymentMethods } from './currency'

/** A price, with the loader AppProvider mounts for the whole app beside it. */
function Price({ load }: { load: boolean }) {
  return (
    <>
      {load && <Loader />}
      <p>{useFormatPrice()(420)}</p>
    </>
  )
}

function Loader() {
  usePaymentMethods()
  return null
}

describe('currency', () => {
  it("formats prices in the currency the server names, in the viewer's locale", async () => {
    mockApi({ 'GET /api/payment-methods': () => json({ card: false, currency: 'eur' }) })
    renderRoutes([{ path: '/', element: <Price load /> }], '/')
    expect(await screen.findByText('€420')).toBeInTheDocument()
  })

  it('uses dollars while the answer is not there, or names no currency', async () => {
    const fetch = mockApi({ 'GET /api/payment-methods': () => json({ card: true, currency: 'usd' }) })
    renderRoutes([{ path: '/', element: <Price load /> }], '/')
    expect(screen.getByText('$420')).toBeInTheDocument()
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/payment-methods', expect.anything()))
    expect(screen.getByText('$420')).toBeInTheDocument()
  })

  it('only reads the answer: a price alone sends no request', () => {
    const fetch = mockApi({})
    renderRoutes([{ path: '/', element: <Price load={false} /> }], '/')
    expect(screen.getByText('$420')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })
})
