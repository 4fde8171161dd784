import { i18n } from './i18n'

/** In English; screens in other languages use `required` or i18n's 'form.required'. */
export const requiredMessage = 'This field is required'

/**
 * react-hook-form rule for required fields, with the spec's wording, in the
 * app's language when the form is drawn: register('name', required).
 */
export const required = {
  get required(): string {
    return i18n._({ id: 'form.required', message: 'This field is required' })
  },
}

/** "buyer_phone" → "Buyer phone", for listing the server's field errors. */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
