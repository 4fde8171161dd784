export const requiredMessage = 'This field is required'

/** react-hook-form rule for required fields, with the spec's wording: register('name', required). */
export const required = { required: requiredMessage } as const

/** "buyer_phone" → "Buyer phone", for listing the server's field errors. */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
