import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buyer, list } from '@/testing/fixtures'
import { json, mockApi, type MockRoutes, only } from '@/testing/mock-api'
import { screens } from '@/app/screens'
import { renderApp } from '@/testing/render-app'
import { renderRoutes } from '@/testing/render'
import { setLanguage } from '@/lib/i18n'
import { ProfileRoute } from '../routes/profile'

/** A VAPID public key as the server gives it: an uncompressed P-256 point, base64url. */
const keyBytes = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i))
const key = btoa(String.fromCharCode(...keyBytes))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '')
const endpoint = 'https://push.example/send/abc'
const subscriptionJSON = { endpoint, expirationTime: null, keys: { p256dh: 'BPp256dh', auth: 'c2VjcmV0' } }

const preferences = { message: true, reply: true, booking: true, declined: true, payment: true, reminder: true }

/** A browser with the Push API and a service worker; `subscribed` says whether this device already is. */
function stubPush({ subscribed = false } = {}) {
  let current: PushSubscription | null = null
  const unsubscribe = vi.fn(async () => {
    current = null
    return true
  })
  const subscription = { endpoint, toJSON: () => subscriptionJSON, unsubscribe } as unknown as PushSubscription
  if (subscribed) current = subscription
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription
      return subscription
    }),
  }
  vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  })
  return { pushManager, unsubscribe }
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

function setup(handlers: MockRoutes = {}) {
  const fetch = mockApi({
    'GET /api/auth/me': () => json(buyer),
    'GET /api/auth/providers': () => json({ google: false, mail: false }),
    'GET /api/auth/sessions': () => json(list([])),
    'GET /api/push/key': () => json({ key }),
    'GET /api/push/preferences': () => json(preferences),
    'POST /api/push/subscriptions': () => json({ endpoint }, 201),
    'DELETE /api/push/subscriptions': () => json(null, 204),
    'GET /api/push/subscriptions': () => json(list([])),
    ...handlers,
  })
  const rendered = renderRoutes([{ path: '/dashboard/profile', element: <ProfileRoute /> }], '/dashboard/profile')
  return { fetch, ...rendered, section: within(screen.getByRole('region', { name: 'Notifications' })) }
}

function callsTo(fetch: ReturnType<typeof mockApi>, path: string, method: string) {
  return fetch.mock.calls
    .filter(([url, init]) => url === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)))
}

describe('Notifications in Profile', () => {
  it('subscribes this device with the server key and sends the subscription to the server', async () => {
    const { pushManager } = stubPush()
    let devices: (typeof thisPhone)[] = []
    const { fetch, user, section } = setup({
      'GET /api/push/subscriptions': () => json(list(devices)),
      'POST /api/push/subscriptions': () => {
        devices = [thisPhone]
        return json({ endpoint }, 201)
      },
    })
    const device = await section.findByRole('checkbox', { name: 'Notify me on this device' })
    await waitFor(() => expect(device).toBeEnabled())
    expect(device).not.toBeChecked()
    await user.click(device)
    await waitFor(() => expect(device).toBeChecked())
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes })
    expect(callsTo(fetch, '/api/push/subscriptions', 'POST')).toEqual([subscriptionJSON])
  })

  it('turns it off: the server forgets the endpoint and the browser drops the subscription', async () => {
    const { unsubscribe } = stubPush({ subscribed: true })
    const { fetch, user, section } = setup({ 'GET /api/push/subscriptions': () => json(list([thisPhone])) })
    const device = await section.findByRole('checkbox', { name: 'Notify me on this device' })
    await waitFor(() => expect(device).toBeChecked())
    await user.click(device)
    await waitFor(() => expect(device).not.toBeChecked())
    expect(callsTo(fetch, '/api/push/subscriptions', 'DELETE')).toEqual([{ endpoint }])
    expect(unsubscribe).toHaveBeenCalled()
  })

  it('says in German what to do when the browser refuses, not the browser’s English', async () => {
    await setLanguage('de')
    try {
      const { pushManager } = stubPush()
      pushManager.subscribe.mockRejectedValueOnce(new DOMException('Registration failed - permission denied', 'NotAllowedError'))
      mockApi({
        'GET /api/auth/me': () => json(buyer),
        'GET /api/auth/providers': () => json({ google: false, mail: false }),
        'GET /api/auth/sessions': () => json(list([])),
        'GET /api/push/key': () => json({ key }),
        'GET /api/push/preferences': () => json(preferences),
        'GET /api/push/subscriptions': () => json(list([])),
      })
      const { user } = renderRoutes([{ path: '/dashboard/profile', element: <ProfileRoute /> }], '/dashboard/profile')
      const section = within(await screen.findByRole('region', { name: 'Benachrichtigungen' }))
      const device = await section.findByRole('checkbox', { name: 'Auf diesem Gerät benachrichtigen' })
      await waitFor(() => expect(device).toBeEnabled())
      await user.click(device)
      expect(
        await section.findByText(/Der Browser hat Benachrichtigungen nicht erlaubt\. Schalte sie erneut ein/),
      ).toBeInTheDocument()
      expect(section.queryByText(/Registration failed/)).not.toBeInTheDocument()
      expect(device).not.toBeChecked()
    } finally {
      await setLanguage('en')
    }
  })

  it('explains when the browser cannot notify', async () => {
    const { section } = setup()
    expect(await section.findByText(/This browser cannot show notifications/)).toBeInTheDocument()
    expect(section.queryByRole('checkbox', { name: 'Notify me on this device' })).not.toBeInTheDocument()
  })

  it('explains when notifications are blocked', async () => {
    stubPush()
    vi.stubGlobal('Notification', { permission: 'denied' })
    const { section } = setup()
    expect(await section.findByText(/Notifications are blocked/)).toBeInTheDocument()
    expect(section.queryByRole('checkbox', { name: 'Notify me on this device' })).not.toBeInTheDocument()
  })

  it('has one labelled choice per kind, each saved as it changes', async () => {
    const { fetch, user, section } = setup({
      'PUT /api/push/preferences': ({ body }) => json({ ...preferences, ...(body as object) }),
    })
    const labels = ['New messages', 'Replies from sellers', 'New bookings', 'Declined bookings', 'Payments received']
    for (const label of labels) expect(await section.findByRole('checkbox', { name: label })).toBeChecked()
    await user.click(section.getByRole('checkbox', { name: 'New bookings' }))
    await waitFor(() => expect(section.getByRole('checkbox', { name: 'New bookings' })).not.toBeChecked())
    expect(callsTo(fetch, '/api/push/preferences', 'PUT')).toEqual([{ booking: false }])
  })
})

const thisPhone = {
  id: 7,
  browser: 'Chrome',
  system: 'Android',
  created_at: '2026-11-20T10:00:00Z',
  last_sent_at: null,
  current: true,
}
const oldLaptop = {
  id: 3,
  browser: 'Firefox',
  system: 'Windows',
  created_at: '2026-10-01T10:00:00Z',
  last_sent_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  current: false,
}

describe('Devices that get notifications', () => {
  it('lists them, this one first, with when each was added and last notified', async () => {
    stubPush({ subscribed: true })
    const { section } = setup({ 'GET /api/push/subscriptions': () => json(list([thisPhone, oldLaptop])) })
    const devices = within(await section.findByRole('list', { name: 'Devices that get notifications' }))
    const rows = devices.getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Chrome on Android')
    expect(rows[0]).toHaveTextContent('This device')
    expect(rows[0]).toHaveTextContent('Not notified yet')
    expect(rows[1]).toHaveTextContent('Firefox on Windows')
    expect(rows[1]).not.toHaveTextContent('This device')
    expect(rows[1]).toHaveTextContent('Last notified 5 minutes ago')
    expect(section.getByRole('checkbox', { name: 'Notify me on this device' })).toBeChecked()
  })

  it('removes another device: the server forgets it and the list follows', async () => {
    stubPush({ subscribed: true })
    let devices = [thisPhone, oldLaptop]
    const { fetch, user, section } = setup({
      'GET /api/push/subscriptions': () => json(list(devices)),
      'DELETE /api/push/subscriptions/:id': only({ id: '3' }, () => {
        devices = [thisPhone]
        return json(null, 204)
      }),
    })
    await user.click(await section.findByRole('button', { name: 'Remove Firefox on Windows' }))
    expect(await screen.findByText('No more notifications to Firefox on Windows')).toBeInTheDocument()
    await waitFor(() => expect(section.queryByText('Firefox on Windows')).not.toBeInTheDocument())
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/push/subscriptions/3' && init?.method === 'DELETE')).toBe(true)
    expect(section.getByRole('checkbox', { name: 'Notify me on this device' })).toBeChecked()
  })

  it('removes this device: the browser drops its subscription too', async () => {
    const { unsubscribe } = stubPush({ subscribed: true })
    let devices = [thisPhone]
    const { user, section } = setup({
      'GET /api/push/subscriptions': () => json(list(devices)),
      'DELETE /api/push/subscriptions/:id': only({ id: '7' }, () => {
        devices = []
        return json(null, 204)
      }),
    })
    const device = await section.findByRole('checkbox', { name: 'Notify me on this device' })
    await waitFor(() => expect(device).toBeChecked())
    await user.click(section.getByRole('button', { name: 'Remove Chrome on Android' }))
    await waitFor(() => expect(device).not.toBeChecked())
    expect(unsubscribe).toHaveBeenCalled()
    expect(await section.findByText(/None: turn notifications on/)).toBeInTheDocument()
  })

  it('shows this device off when the server no longer notifies it, whatever the browser kept', async () => {
    stubPush({ subscribed: true })
    const { section } = setup({ 'GET /api/push/subscriptions': () => json(list([oldLaptop])) })
    expect(await section.findByText('Firefox on Windows')).toBeInTheDocument()
    await waitFor(() => expect(section.getByRole('checkbox', { name: 'Notify me on this device' })).not.toBeChecked())
  })

  it('is used by keyboard', async () => {
    stubPush({ subscribed: true })
    const { user, section } = setup({
      'GET /api/push/subscriptions': () => json(list([thisPhone, oldLaptop])),
      'DELETE /api/push/subscriptions/:id': only({ id: '3' }, () => json(null, 204)),
    })
    const remove = await section.findByRole('button', { name: 'Remove Firefox on Windows' })
    remove.focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('No more notifications to Firefox on Windows')).toBeInTheDocument()
  })
})

describe('Signing out everywhere else', () => {
  it("hands this browser's subscription to the renewed session, which the server gave a new cookie", async () => {
    stubPush({ subscribed: true })
    const { fetch, user } = setup({
      'GET /api/push/subscriptions': () => json(list([thisPhone])),
      'DELETE /api/auth/sessions': () => json(null, 204),
    })
    const sessions = within(screen.getByRole('region', { name: 'Active sessions' }))
    await screen.findByText('Chrome on Android')
    await user.click(sessions.getByRole('button', { name: 'Sign out everywhere else' }))
    await waitFor(() => expect(callsTo(fetch, '/api/push/subscriptions', 'POST')).toEqual([subscriptionJSON]))
  })
})

describe('Log Out', () => {
  it("stops this device's notifications before the session ends", async () => {
    const { unsubscribe } = stubPush({ subscribed: true })
    const order: string[] = []
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'DELETE /api/push/subscriptions': () => {
        order.push('unsubscribe')
        return json(null, 204)
      },
      'POST /api/auth/logout': () => {
        order.push('logout')
        return json(null, 204)
      },
    })
    const { user, router } = await renderApp('/blogs')
    // The modules Log Out loads on its way home, loaded first: on a busy
    // machine, compiling them on demand took longer than waitFor waits.
    await Promise.all([screens.home(), import('../api/push-device')])
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    await user.click(await within(nav).findByRole('button', { name: 'Bea Buyer' }))
    await user.click(await within(nav).findByRole('button', { name: 'Log Out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(order).toEqual(['unsubscribe', 'logout'])
    expect(unsubscribe).toHaveBeenCalled()
  })
})
