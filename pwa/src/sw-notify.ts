// What the service worker (src/sw.ts) makes of a push and of a tap on its
// notification, kept apart from the worker's globals so that it can be tested.
// It runs in the worker and in tests: it uses nothing of the DOM or of workers.

/** Paths the server answers itself: never a screen of the app. */
export const serverPaths = [/^\/api\//, /^\/images\//, /^\/docs\//, /^\/(robots\.txt|sitemap(-\d+)?\.xml)$/]

/** The fields of NotificationOptions that Chromium reads but TypeScript's lib no longer lists. */
export interface NoteOptions extends NotificationOptions {
  renotify?: boolean
}

export interface Note {
  title: string
  options: NoteOptions
}

/** Shown when a push carries nothing readable: a push must always show something. */
export const fallbackTitle = 'Rehome'
const fallbackBody = 'You have something new.'

const icon = '/icons/icon-192.png'
/** White on transparent: Android draws only its shape, in the status bar. */
const badge = '/icons/badge-96.png'

/**
 * The notification for a push's payload, the server's PushNote as JSON:
 * {"title", "body", "url", "tag"}. Anything else, or no payload at all, still
 * shows a plain notification that opens the app: a subscription made with
 * userVisibleOnly must show one for every push, or the browser may end it.
 */
export function noteFromPush(payload: string | null | undefined, origin: string): Note {
  const fields = parseObject(payload)
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string).trim() : '')
  const title = text('title')
  const tag = text('tag')
  const body = text('body') || (title ? '' : fallbackBody)
  const options: NoteOptions = { icon, badge, data: { url: appPath(fields.url, origin) } }
  if (body) options.body = body
  if (tag) {
    // A newer note about the same conversation or booking replaces the older
    // one, and still rings rather than changing silently.
    options.tag = tag
    options.renotify = true
  }
  return { title: title || fallbackTitle, options }
}

function parseObject(payload: string | null | undefined): Record<string, unknown> {
  if (!payload) return {}
  try {
    const value: unknown = JSON.parse(payload)
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * The path a tap may open: url when it is a path of this app ('/dashboard/messages/3'),
 * else the home page. A push's payload comes from outside the page, so
 * nothing but a path on our own origin is ever opened: no other site, no
 * 'javascript:', no '//host' (a path to the browser but another origin), and
 * none of the paths the server answers itself.
 */
export function appPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/'
  let parsed: URL
  try {
    parsed = new URL(url, origin)
  } catch {
    return '/'
  }
  if (parsed.origin !== origin) return '/'
  if (serverPaths.some((pattern) => pattern.test(parsed.pathname))) return '/'
  return parsed.pathname + parsed.search + parsed.hash
}

/** A URL's path with its query and fragment, as appPath answers it; '' for no URL. */
export function pathOf(url: string): string {
  try {
    const { pathname, search, hash } = new URL(url)
    return pathname + search + hash
  } catch {
    return ''
  }
}

/** The open window of the app a tap should bring up: one showing path already, else the focused one, else any. */
export function windowFor<W extends { url: string; focused: boolean }>(windows: readonly W[], path: string): W | undefined {
  return windows.find((w) => pathOf(w.url) === path) ?? windows.find((w) => w.focused) ?? windows[0]
}
