import { describe, expect, it } from 'vitest'
import { appPath, fallbackTitle, noteFromPush, windowFor } from './sw-notify'

const origin = 'https://rehome.example'

describe('noteFromPush', () => {
  it('shows the server’s note, opening its page, replacing an older note with its tag', () => {
    const payload = JSON.stringify({
      title: 'New message about Oak table',
      body: 'Ann: Does it fit in a car?',
      url: '/dashboard/messages/3',
      tag: 'conversation-3',
    })
    expect(noteFromPush(payload, origin)).toEqual({
      title: 'New message about Oak table',
      options: {
        body: 'Ann: Does it fit in a car?',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        tag: 'conversation-3',
        renotify: true,
        data: { url: '/dashboard/messages/3' },
      },
    })
  })

  it('leaves out the tag, and ringing again, when the note has none', () => {
    const { options } = noteFromPush(JSON.stringify({ title: 'New booking: Oak table', url: '/dashboard/mybuyers' }), origin)
    expect(options).not.toHaveProperty('tag')
    expect(options).not.toHaveProperty('renotify')
    expect(options).not.toHaveProperty('body')
  })

  it.each([
    ['no payload', null],
    ['an empty payload', ''],
    ['text that is not JSON', 'hello'],
    ['JSON that is not an object', '[1, 2]'],
    ['null', 'null'],
    ['an object without a title', '{"url": "/dashboard/myorders"}'],
    ['a title that is not text', '{"title": 42}'],
    ['a blank title', '{"title": "   "}'],
  ])('still shows a plain note for %s', (_, payload) => {
    const { title, options } = noteFromPush(payload, origin)
    expect(title).toBe(fallbackTitle)
    expect(options.body).toBeTruthy()
    expect(options.data.url).toMatch(/^\//)
  })

  it('never carries a URL that is not a path of the app', () => {
    const { options } = noteFromPush(JSON.stringify({ title: 'Hi', url: 'https://evil.example/phish' }), origin)
    expect(options.data).toEqual({ url: '/' })
  })
})

describe('appPath', () => {
  it.each([
    ['/dashboard/messages/3', '/dashboard/messages/3'],
    ['/dashboard/myorders?tab=paid#top', '/dashboard/myorders?tab=paid#top'],
    ['/', '/'],
    ['/dashboard/../products/5', '/products/5'],
  ])('opens the app path %s', (url, path) => {
    expect(appPath(url, origin)).toBe(path)
  })

  it.each([
    ['another site', 'https://evil.example/dashboard'],
    ['this site spelled out', 'https://rehome.example/dashboard'],
    ['a protocol-relative URL', '//evil.example/dashboard'],
    ['a backslash that browsers read as a slash', '/\\evil.example/dashboard'],
    ['a tab the URL parser drops, making //host', '/\t/evil.example/dashboard'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'dashboard/myorders'],
    ['an API path', '/api/auth/logout'],
    ['a picture', '/images/abc.webp'],
    ['what crawlers read', '/sitemap-2.xml'],
    ['a path that climbs into the API', '/dashboard/../api/users'],
    ['an empty string', ''],
    ['no URL', undefined],
    ['a number', 42],
    ['an object', { url: '/dashboard' }],
  ])('opens the home page instead of %s', (_, url) => {
    expect(appPath(url, origin)).toBe('/')
  })
})

describe('windowFor', () => {
  const win = (url: string, focused = false) => ({ url, focused })

  it('brings up a window already showing the page', () => {
    const showing = win(`${origin}/dashboard/messages/3`)
    expect(windowFor([win(`${origin}/`, true), showing], '/dashboard/messages/3')).toBe(showing)
  })

  it('else the focused window, else any', () => {
    const focused = win(`${origin}/categories`, true)
    expect(windowFor([win(`${origin}/`), focused], '/dashboard/messages/3')).toBe(focused)
    const first = win(`${origin}/`)
    expect(windowFor([first, win(`${origin}/categories`)], '/dashboard/messages/3')).toBe(first)
  })

  it('finds none when no window of the app is open', () => {
    expect(windowFor([], '/')).toBeUndefined()
  })
})
