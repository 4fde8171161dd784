// Push notifications in the service worker (src/sw.ts): a push delivered
// through the DevTools protocol, as a push service would, shows the server's
// note; a payload it cannot read still shows one; a tap brings the open app
// to the note's page, and never to another site; a renewed subscription is
// handed to the server. Real PushManager.subscribe needs a push service on the
// internet, so the worker's own requests go through a proxy that records them.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { chromium } from 'playwright-core'
import { chromiumFlags, followContract, startServer } from './harness.mjs'
import { eventually, logIn, registerThroughApi, watch, writePictures } from './support.mjs'

const buyer = { name: 'Pia Pusher', email: 'pia@push.test', password: 'pia password 1' }

let server, proxy, pictures, profileDir, context, page, cdp, registrationId

/**
 * A pass-through proxy to the server that answers /api/push/subscriptions
 * itself and keeps what was sent there: the worker's requests are what is
 * tested here, not the server's handling of them.
 */
async function startRecordingProxy() {
  const received = []
  const listener = createServer((req, res) => {
    if (req.url.startsWith('/api/push/subscriptions')) {
      const chunks = []
      req.on('data', (c) => chunks.push(c))
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString() || 'null')
        received.push({ method: req.method, cookie: req.headers.cookie ?? '', body })
        const created = req.method === 'POST'
        res.writeHead(created ? 201 : 204, created ? { 'Content-Type': 'application/json' } : {})
        res.end(created ? JSON.stringify({ endpoint: body.endpoint }) : undefined)
      })
      return
    }
    const upstream = request(`${server.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers)
      answer.pipe(res)
    })
    req.pipe(upstream)
  })
  await new Promise((resolve) => listener.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${listener.address().port}`,
    received,
    close: () => new Promise((resolve) => listener.close(resolve)),
  }
}

before(async () => {
  ;[server, pictures] = await Promise.all([startServer(), writePictures()])
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  proxy = await startRecordingProxy()
  // A profile on disk: an incognito context keeps no persistent notifications.
  profileDir = await mkdtemp(join(tmpdir(), 'rehome-e2e-profile-'))
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    args: chromiumFlags,
    baseURL: proxy.url,
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
  })
  followContract(context)
  await context.grantPermissions(['notifications'], { origin: proxy.url })
  page = context.pages()[0] ?? (await context.newPage())
  await page.goto('/')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

  cdp = await context.newCDPSession(page)
  const registered = new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${proxy.url}/` && !r.isDeleted)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  registrationId = await registered
})

after(async () => {
  await context?.close()
  await proxy?.close()
  await server?.stop()
  if (profileDir) await rm(profileDir, { recursive: true, force: true })
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

/** Delivers a push to the app's service worker, as the push service would. */
function push(data) {
  return cdp.send('ServiceWorker.deliverPushMessage', { origin: proxy.url, registrationId, data })
}

/**
 * Delivers a push until the note with this tag shows, at most four times.
 * On a busy machine DevTools' delivery was seen lost now and then after a tap
 * had navigated the page (the worker showed nothing, and logged nothing); a
 * push service delivers again until the browser takes the message. A note
 * replaces the one of its tag, so a second delivery shows one note all the same.
 */
async function pushUntilShown(data, tag) {
  for (let attempt = 1; ; attempt++) {
    await push(data)
    try {
      await eventually(async () => assert.equal((await shown(tag)).length, 1), 5000)
      return
    } catch (error) {
      if (attempt === 4) throw error
    }
  }
}

/** The notifications the app shows now with this tag (all of them without), as plain objects. */
function shown(tag) {
  return page.evaluate(async (tag) => {
    const registration = await navigator.serviceWorker.ready
    const notes = await registration.getNotifications(tag ? { tag } : {})
    return notes.map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, badge: n.badge, data: n.data }))
  }, tag)
}

/** Closes every notification, so that each test sees its own. */
async function closeAll() {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    for (const note of await registration.getNotifications()) note.close()
  })
  await eventually(async () => assert.deepEqual(await shown(), []))
}

/**
 * Taps the notification with this tag (headless Chromium cannot click one: the
 * worker is told as the browser would) and waits for what the tap started. A
 * script-made event refuses waitUntil, so the promises handed to it are kept
 * here, as the browser keeps the worker alive for them.
 */
async function tap(tag) {
  const [worker] = context.serviceWorkers()
  assert.ok(worker, 'a service worker runs')
  await worker.evaluate(async (tag) => {
    const [notification] = await self.registration.getNotifications({ tag })
    const event = new NotificationEvent('notificationclick', { notification })
    const pending = []
    Object.defineProperty(event, 'waitUntil', { value: (promise) => pending.push(promise) })
    self.dispatchEvent(event)
    await Promise.all(pending)
  }, tag)
}

test('a push shows the server’s note, and a later one with its tag replaces it', async () => {
  assert.equal(await page.evaluate(() => Notification.permission), 'granted')
  await closeAll()
  const note = {
    title: 'New message about Oak table',
    body: 'Ann: Does it fit in a car?',
    url: '/dashboard/messages/3',
    tag: 'conversation-3',
  }
  await push(JSON.stringify(note))
  await eventually(async () =>
    assert.deepEqual(await shown(), [
      {
        title: note.title,
        body: note.body,
        tag: note.tag,
        icon: `${proxy.url}/icons/icon-192.png`,
        badge: `${proxy.url}/icons/badge-96.png`,
        data: { url: note.url },
      },
    ]),
  )

  for (const path of ['/icons/icon-192.png', '/icons/badge-96.png']) {
    assert.equal((await fetch(server.url + path)).headers.get('content-type'), 'image/png', path)
  }

  await push(JSON.stringify({ ...note, body: 'Ann: And does it fold?' }))
  await eventually(async () => {
    const notes = await shown('conversation-3')
    assert.deepEqual(
      notes.map((n) => n.body),
      ['Ann: And does it fold?'],
    )
  })
})

test('a payload the worker cannot read still shows a plain note that opens the app', async () => {
  await closeAll()
  await push('this is not JSON {')
  await eventually(async () => {
    const notes = await shown()
    assert.equal(notes.length, 1)
    assert.equal(notes[0].title, 'Rehome')
    assert.ok(notes[0].body, 'a body says something is new')
    assert.deepEqual(notes[0].data, { url: '/' })
  })

  await closeAll()
  await push('')
  await eventually(async () =>
    assert.deepEqual(
      (await shown()).map((n) => n.title),
      ['Rehome'],
    ),
  )
})

test('a tap brings the open app to the note’s page, and a note naming another site only to the home page', async () => {
  const watcher = watch(page)
  await closeAll()
  await pushUntilShown(
    JSON.stringify({ title: 'New booking: Oak table', body: '', url: '/categories', tag: 'booking-1' }),
    'booking-1',
  )
  await tap('booking-1')
  await page.waitForURL((url) => url.pathname === '/categories')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await eventually(async () => assert.deepEqual(await shown('booking-1'), []), 5000)

  await pushUntilShown(
    JSON.stringify({ title: 'Phish', body: 'Sign in again', url: 'https://evil.example/login', tag: 'phish' }),
    'phish',
  )
  // Every note shown, not only this tag's: a failure then says what is there.
  await eventually(async () =>
    assert.deepEqual(
      (await shown()).map((n) => [n.tag, n.data]),
      [['phish', { url: '/' }]],
    ),
  )
  await tap('phish')
  await page.waitForURL((url) => url.pathname === '/')
  assert.equal(new URL(page.url()).origin, proxy.url)
  watcher.check()
})

test('a subscription the push service renewed is handed to the server, and an ended one forgotten', async () => {
  await logIn(page, buyer)
  await page.waitForURL((url) => url.pathname === '/')
  const keys = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  }
  const [worker] = context.serviceWorkers()
  /** Chromium never fires the event (Firefox does): it is made here as Firefox would. */
  const change = (oldEndpoint, newEndpoint) =>
    worker.evaluate(
      ({ keys, oldEndpoint, newEndpoint }) => {
        const event = new ExtendableEvent('pushsubscriptionchange')
        const subscription = (endpoint) => endpoint && { endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys }) }
        Object.defineProperty(event, 'oldSubscription', { value: subscription(oldEndpoint) })
        Object.defineProperty(event, 'newSubscription', { value: subscription(newEndpoint) })
        self.dispatchEvent(event)
      },
      { keys, oldEndpoint, newEndpoint },
    )
  await change('https://push.example/old', 'https://push.example/new')

  await eventually(async () => assert.equal(proxy.received.length, 2))
  const [added, removed] = proxy.received
  assert.deepEqual([added.method, added.body], ['POST', { endpoint: 'https://push.example/new', expirationTime: null, keys }])
  assert.deepEqual([removed.method, removed.body], ['DELETE', { endpoint: 'https://push.example/old' }])

  // Ended with nothing to renew it: the server only forgets it.
  await change('https://push.example/new', null)
  await eventually(async () => assert.equal(proxy.received.length, 3))
  assert.deepEqual([proxy.received[2].method, proxy.received[2].body], ['DELETE', { endpoint: 'https://push.example/new' }])
  // With the signed-in person's session.
  const session = (await context.cookies(proxy.url)).map((c) => `${c.name}=${c.value}`)
  assert.ok(session.length > 0, 'signed in')
  for (const { method, cookie } of proxy.received) {
    assert.ok(
      session.every((c) => cookie.split('; ').includes(c)),
      `${method} sent the session: ${cookie}`,
    )
  }
})
