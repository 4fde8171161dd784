import { useRef, useState } from 'react'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Field, Input } from '@/components/field'
import { useI18n } from '@/lib/i18n'

interface ResetLinkDialogProps {
  /** The link and whose it is, or null when closed. */
  link: { name: string; url: string } | null
  onClose: () => void
}

/**
 * The reset link an admin just made, shown this once: the server keeps no
 * copy it could show again. Copy puts it on the clipboard; where the browser
 * will not, the link is selected in its box for the person to copy.
 */
export function ResetLinkDialog({ link, onClose }: ResetLinkDialogProps) {
  const i18n = useI18n()
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<'yes' | 'select' | null>(null)

  const close = () => {
    setCopied(null)
    onClose()
  }

  const copy = async () => {
    if (!link) return
    try {
      if (!navigator.clipboard) throw new Error('No clipboard')
      await navigator.clipboard.writeText(link.url)
      setCopied('yes')
    } catch {
      input.current?.focus()
      input.current?.select()
      setCopied('select')
    }
  }

  return (
    <Dialog
      open={link !== null}
      onClose={close}
      title={i18n._({
        id: 'admin.resetLink.title',
        message: 'Password reset link for {name}',
        values: { name: link?.name ?? '' },
      })}
      showCloseButton={false}
    >
      {link && (
        <div className="flex flex-col gap-4">
          <Field
            label={i18n._({ id: 'admin.resetLink.label', message: 'Reset link' })}
            hint={i18n._({ id: 'admin.resetLink.hint', message: 'Valid for one hour, once. Send it to the person yourself.' })}
          >
            {(control) => (
              <Input
                ref={input}
                readOnly
                value={link.url}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-sm"
                {...control}
              />
            )}
          </Field>
          <p role="status" className="min-h-6 text-sm text-stone-700">
            {copied === 'yes' && i18n._({ id: 'admin.resetLink.copied', message: 'Copied to the clipboard' })}
            {copied === 'select' &&
              i18n._({ id: 'admin.resetLink.selected', message: 'The link is selected: copy it with Ctrl+C (⌘C on a Mac).' })}
          </p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              {i18n._({ id: 'admin.resetLink.close', message: 'Close' })}
            </Button>
            <Button onClick={() => void copy()}>{i18n._({ id: 'admin.resetLink.copy', message: 'Copy' })}</Button>
          </div>
        </div>
      )}
    </Dialog>
  )
}
