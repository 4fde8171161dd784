import { act, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { paymentMethodsQueryOptions } from '@/lib/currency'
import { buyer, makeProduct } from '@/testing/fixtures'
import { mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { BookingDialog, type BookingFormValues } from './booking-dialog'

const product = makeProduct({ id: 7, product: 'Oak chair', category: 'Chairs', resale_price: 45.5 })

/** The dialog as product-actions uses it, with a parent that can hand it an error. */
function Harness({ onSubmit, error }: { onSubmit: (values: BookingFormValues) => void; error?: unknown }) {
  const [open, setOpen] = useState(true)
  return (
    <BookingDialog
      open={open}
      product={product}
      buyer={buyer}
      onClose={() => setOpen(false)}
      onSubmit={onSubmit}
      isPending={false}
      error={error ?? null}
    />
  )
}

function setup(props: { error?: unknown; currency?: string } = {}) {
  const onSubmit = vi.fn()
  const fetch = mockApi({})
  const rendered = renderRoutes([{ path: '/', element: <Harness onSubmit={onSubmit} error={props.error} /> }], '/')
  if (props.currency) {
    // What AppProvider loads at start.
    const currency = props.currency
    act(() => rendered.queryClient.setQueryData(paymentMethodsQueryOptions().queryKey, { card: false, currency }))
  }
  const dialog = screen.getByRole('dialog', { name: 'Book Oak chair' })
  return { ...rendered, fetch, onSubmit, dialog }
}

/** Whether a comes before b in the document. */
function precedes(a: Element, b: Element) {
  return Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)
}

describe('Booking dialog', () => {
  it('asks for Location and Phone first, then sums up the product in one line', () => {
    const { dialog } = setup()
    const location = within(dialog).getByLabelText('Location')
    const phone = within(dialog).getByLabelText('Phone')
    const summary = within(dialog).getByRole('group', { name: 'What you book' })
    expect(precedes(location, phone)).toBe(true)
    expect(precedes(phone, summary)).toBe(true)
    expect(within(summary).getByRole('img', { name: 'Oak chair' })).toHaveAttribute('src', product.thumb_url)
    expect(summary).toHaveTextContent('Oak chair')
    expect(summary).toHaveTextContent('$45.50')
    // Nothing to edit but the two fields.
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('id')),
    ).toEqual([location.id, phone.id])
    expect(dialog).toHaveTextContent(`Booking as ${buyer.name} (${buyer.email})`)
  })

  it('asks the server nothing to show a price', () => {
    const { fetch } = setup()
    expect(fetch).not.toHaveBeenCalled()
  })

  it("shows the price in the marketplace's currency", async () => {
    const { dialog } = setup({ currency: 'eur' })
    expect(await within(dialog).findByText('€45.50')).toBeInTheDocument()
  })

  it('lists what is missing in an alert just above Confirm, and under each field', async () => {
    const { dialog, user, onSubmit } = setup()
    const confirm = within(dialog).getByRole('button', { name: 'Confirm booking' })
    await user.click(confirm)

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Location: This field is required')
    expect(alert).toHaveTextContent('Phone: This field is required')
    expect(precedes(alert, confirm)).toBe(true)
    expect(alert.parentElement).toBe(confirm.parentElement)
    for (const label of ['Location', 'Phone']) {
      const input = within(dialog).getByLabelText(label)
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(input).toHaveAccessibleDescription(expect.stringContaining('This field is required'))
    }
    expect(onSubmit).not.toHaveBeenCalled()

    // A tap on a problem goes to its field.
    await user.click(within(alert).getByRole('button', { name: 'Phone' }))
    expect(within(dialog).getByLabelText('Phone')).toHaveFocus()
  })

  it('sends the typed values and clears the alert once they are right', async () => {
    const { dialog, user, onSubmit } = setup()
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }))
    await user.type(within(dialog).getByLabelText('Location'), 'Central park')
    await user.type(within(dialog).getByLabelText('Phone'), '+1 (555) 010-0200')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }))
    expect(onSubmit).toHaveBeenCalledWith({ location: 'Central park', buyer_phone: '+1 (555) 010-0200' }, expect.anything())
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it("shows the server's message above Confirm, and its field errors on their fields", () => {
    const error = new ApiError(422, 'Some fields are not right', {
      buyer_phone: 'Enter a phone number the seller can call',
      product_id: 'This product is no longer listed',
    })
    const { dialog } = setup({ error })
    const alert = within(dialog).getByRole('alert')
    const confirm = within(dialog).getByRole('button', { name: 'Confirm booking' })
    expect(precedes(alert, confirm)).toBe(true)
    expect(alert).toHaveTextContent('Some fields are not right')
    expect(alert).toHaveTextContent('Phone: Enter a phone number the seller can call')
    expect(alert).toHaveTextContent('Product id: This product is no longer listed')
    // The phone's message is said once in the alert and once under the field it belongs to.
    const phone = within(dialog).getByLabelText('Phone')
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Enter a phone number the seller can call'))
    expect(within(dialog).getAllByText('Enter a phone number the seller can call')).toHaveLength(1)
  })
})
