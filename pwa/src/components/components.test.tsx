import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { picture } from '@/testing/fixtures'
import { ConfirmDialog } from './confirm-dialog'
import { Dialog } from './dialog'
import { ErrorState } from './error-state'
import { Field, Input } from './field'
import { ImageField } from './image-field'
import { Table } from './table'
import { VerifiedBadge } from './verified-badge'

describe('Field', () => {
  it('labels its control and describes it with hint and error', () => {
    render(
      <Field label="Location" hint="Where to meet" error="This field is required">
        {(control) => <Input {...control} />}
      </Field>,
    )
    const input = screen.getByLabelText('Location')
    expect(input).toHaveAccessibleDescription('Where to meet This field is required')
    expect(input).toHaveAttribute('aria-invalid', 'true')
  })
})

describe('Table', () => {
  it('renders rows with a label on every cell for the stacked layout', () => {
    render(
      <Table
        caption="Users"
        rows={[{ id: 1, name: 'Bea' }]}
        rowKey={(row) => row.id}
        columns={[
          { header: 'Name', cell: (row) => row.name },
          { header: 'Actions', cell: () => <button type="button">Delete</button>, hideLabelWhenStacked: true },
        ]}
      />,
    )
    const table = screen.getByRole('table', { name: 'Users' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Actions'])
    const [name, actions] = within(table).getAllByRole('cell')
    expect(name).toHaveAttribute('data-label', 'Name')
    expect(actions).not.toHaveAttribute('data-label')
  })
})

function DialogHarness(props: { closeOnEscape?: boolean; closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(true)
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Book now" {...props}>
      <p>form</p>
    </Dialog>
  )
}

describe('Dialog', () => {
  it('closes with its close button, Escape and the backdrop by default', async () => {
    const user = userEvent.setup()
    render(<DialogHarness />)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('can refuse Escape and backdrop clicks', async () => {
    const user = userEvent.setup()
    render(<DialogHarness closeOnEscape={false} closeOnBackdrop={false} />)
    const dialog = screen.getByRole('dialog', { name: 'Book now' })
    await user.keyboard('{Escape}')
    await user.click(dialog)
    expect(screen.getByRole('dialog', { name: 'Book now' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('closes on Escape and a backdrop click when allowed', async () => {
    const user = userEvent.setup()
    const { unmount } = render(<DialogHarness />)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    unmount()
    render(<DialogHarness />)
    await user.click(screen.getByRole('dialog'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('ConfirmDialog', () => {
  it('confirms and cancels', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(<ConfirmDialog open title="Delete this user?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} />)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onConfirm).toHaveBeenCalledOnce()
    expect(onCancel).toHaveBeenCalledOnce()
  })
})

describe('ErrorState', () => {
  it('shows the message and retries', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    render(<ErrorState error={new Error('Cannot reach the server')} onRetry={onRetry} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot reach the server')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})

describe('VerifiedBadge', () => {
  it('shows the word and is read out as one image, "Verified seller"', () => {
    render(<VerifiedBadge />)
    expect(screen.getByRole('img', { name: 'Verified seller' })).toHaveTextContent('Verified')
  })
})

describe('ImageField', () => {
  it('labels the file input, previews and hands over the chosen picture, and empties on reset', async () => {
    const onChoose = vi.fn()
    const { createObjectURL, revokeObjectURL } = URL
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() })
    onTestFinished(() => void Object.assign(URL, { createObjectURL, revokeObjectURL }))
    function Form() {
      const { control, reset } = useForm<{ image: File }>()
      return (
        <>
          <ImageField control={control} name="image" onChoose={onChoose} />
          <button onClick={() => reset()}>Reset</button>
        </>
      )
    }
    render(<Form />)
    const input = screen.getByLabelText<HTMLInputElement>('Image')
    expect(input).toHaveAccessibleDescription('JPEG, PNG, GIF or WebP, up to 10 MB.')
    await userEvent.upload(input, picture())
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ name: 'chair.png' }))
    expect(screen.getByRole('img', { name: 'Preview of the chosen picture' })).toHaveAttribute('src', 'blob:preview')
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(input.files).toHaveLength(0)
    expect(screen.queryByRole('img', { name: 'Preview of the chosen picture' })).not.toBeInTheDocument()
  })
})
