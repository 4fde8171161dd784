// Kept apart from query-store.ts, which pulls in Dexie: offline-store.ts needs
// this in the first download.

/**
 * The keys of a product the server fills in for its viewer alone: the
 * seller's email and phone (docs/api.md). The products a public row keeps
 * carry them for whoever was signed in; the next person on the device must
 * not find them.
 */
const contactKeys = ['seller_email', 'seller_phone']

/** value without a seller's contact details anywhere in it; value itself when it has none. */
export function withoutContactDetails(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(withoutContactDetails)
    return items.some((item, i) => item !== value[i]) ? items : value
  }
  if (!value || typeof value !== 'object') return value
  let changed = false
  const entries = Object.entries(value).flatMap(([key, item]) => {
    if (contactKeys.includes(key)) {
      changed = true
      return []
    }
    const kept = withoutContactDetails(item)
    if (kept !== item) changed = true
    return [[key, kept] as const]
  })
  return changed ? Object.fromEntries(entries) : value
}
