// Buyer and seller talking, each in a browser of their own, one server for
// the file, the steps in order: a first message from the product page, the
// seller's unread badge and a reply appearing live in the buyer's open
// thread, a message written offline arriving exactly once, a booking
// counted live in the seller's badge and marked New in My Buyers until seen
// there, a pickup time proposed and accepted showing in My Orders and My
// Buyers, and a phone
// subscription made in Profile, listed there, and dropped again at Log Out.
import assert from 'node:assert/strict'
import { createECDH, randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  eventually,
  expectPath,
  expectToast,
  logIn,
  logOut,
  pictureForm,
  registerThroughApi,
  signedIn,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@messages.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@messages.test', password: 'buyer password 1' }

let server, browser, pictures, table
/** One signed-in browser per person, kept across the steps. */
const people = {}

async function personPage(key, account, width = 1280) {
  if (!people[key]) {
    const context = await newContext(browser, server.url, width)
    const page = await context.newPage()
    people[key] = { context, page, watcher: watch(page) }
    await logIn(page, account)
  }
  return people[key]
}

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  const admin = await signedIn(server.url, adminAccount)
  await admin('POST', '/api/categories', await pictureForm({ name: 'Tables' }, pictures.sofaCategory))
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  const sam = await signedIn(server.url, seller)
  const image = await sam('POST', '/api/images', await pictureForm({}, pictures.sofa))
  table = await sam('POST', '/api/products', {
    category: 'Tables',
    product: 'Oak table',
    description: 'Seats six. A ring mark on one corner.',
    image: image.url,
    condition: 'Good',
    location: 'Riverside',
    original_price: 400,
    resale_price: 120,
    seller_phone: '+1 555 0101',
    purchase_year: 2018,
    use_period: '6 years',
  })
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

// Named 'Messages' until something is new, then for what is: '1 unread message', '1 new booking'.
const badge = (page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages$|unread message|new booking/ })
const thread = (page) => page.getByRole('list', { name: 'Messages' })
let conversationPath

test('a first message from the product page; the seller sees the badge live, opens it, and the reply appears in the open thread', async () => {
  const bea = await personPage('buyer', buyer)
  const sam = await personPage('seller', seller)
  await sam.page.goto('/dashboard')
  await badge(sam.page).waitFor()
  assert.equal((await badge(sam.page).textContent()).trim(), 'Messages')

  await bea.page.goto(`/products/${table.id}`)
  await bea.page.getByRole('heading', { level: 1, name: 'Oak table' }).waitFor()
  await bea.page.getByRole('button', { name: 'Message the seller' }).click()
  const dialog = bea.page.getByRole('dialog', { name: 'Message the seller' })
  await dialog.getByLabel('Your message').fill('Hello! Does it fit in a small car?')
  await dialog.getByLabel('Your message').press('Enter')
  await bea.page.waitForURL((url) => /^\/dashboard\/messages\/\d+$/.test(url.pathname))
  conversationPath = new URL(bea.page.url()).pathname
  await thread(bea.page).getByText('Hello! Does it fit in a small car?').waitFor()

  // Live: the seller's badge counts it without a reload.
  await sam.page.getByRole('link', { name: '1 unread message' }).waitFor()
  await screenshots(sam.page, 'messages-badge', { widths: [360, 1280], fullPage: false })
  await sam.page.getByRole('link', { name: '1 unread message' }).click()
  await expectPath(sam.page, '/dashboard/messages')
  const item = sam.page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Bea Buyer/ })
  await item.filter({ hasText: 'Oak table' }).filter({ hasText: '1 unread' }).waitFor()
  await item.click()
  await expectPath(sam.page, conversationPath)
  await thread(sam.page).getByText('Hello! Does it fit in a small car?').waitFor()
  // Read: the badge clears.
  await eventually(async () => assert.equal((await badge(sam.page).textContent()).trim(), 'Messages'))

  const box = sam.page.getByLabel('Message to Bea Buyer')
  await box.fill('It does, with the legs off.')
  await box.press('Shift+Enter')
  await box.pressSequentially('See https://example.org/legs')
  await box.press('Enter')
  await thread(sam.page).getByText('It does, with the legs off.').waitFor()

  // Live: the buyer's open thread shows the reply without a reload, its link opening apart.
  await thread(bea.page).getByText('It does, with the legs off.').waitFor()
  const link = thread(bea.page).getByRole('link', { name: 'https://example.org/legs' })
  assert.equal(await link.getAttribute('rel'), 'noopener noreferrer')
  assert.equal(await link.getAttribute('target'), '_blank')
  await screenshots(bea.page, 'messages-thread')
  bea.watcher.check()
  sam.watcher.check()
})

test('a message written offline waits in the thread and arrives exactly once when the connection is back', async () => {
  const bea = people.buyer
  const sam = people.seller
  const text = 'Written on the train, no signal'
  // Someone who has used the app has its service worker: going offline
  // before it is installed would fail its first download instead.
  await bea.page.evaluate(() => navigator.serviceWorker.ready)
  await bea.context.setOffline(true)
  const box = bea.page.getByLabel('Message to Sam Seller')
  await box.fill(text)
  await box.press('Enter')
  await expectToast(bea.page, 'Saved — it will be sent when you are back online')
  const waiting = thread(bea.page).getByRole('listitem').filter({ hasText: text })
  await waiting.filter({ hasText: 'Waiting to send' }).waitFor()
  await screenshots(bea.page, 'messages-waiting', { widths: [360], fullPage: false })

  await bea.context.setOffline(false)
  await thread(sam.page).getByText(text).waitFor({ timeout: 20_000 })
  await waiting.filter({ hasText: 'Waiting to send' }).waitFor({ state: 'detached', timeout: 20_000 })
  await thread(bea.page).getByText(text).waitFor()
  assert.equal(await thread(sam.page).getByText(text).count(), 1)
  assert.equal(await thread(bea.page).getByText(text).count(), 1)

  const id = conversationPath.split('/').at(-1)
  const api = await signedIn(server.url, seller)
  const { items } = await api('GET', `/api/conversations/${id}/messages`)
  assert.equal(items.filter((m) => m.text === text).length, 1)
  // The reconnected stream may have missed events: nothing went wrong on either side.
  bea.watcher.check()
  sam.watcher.check()
})

/** A datetime-local value (local time) some days ahead, at 10:30. */
function localInput(daysAhead) {
  const date = new Date(Date.now() + daysAhead * 24 * 60 * 60 * 1000)
  const pad = (n) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T10:30`
}

test("with a booking, counted live in the seller's badge, the seller proposes a pickup time, the buyer accepts, and My Orders and My Buyers show it", async () => {
  const bea = people.buyer
  const sam = people.seller
  const api = await signedIn(server.url, buyer)
  await api('POST', '/api/booked', { product_id: table.id, location: 'Riverside station', buyer_phone: '+1 555 0199' })
  // Live: the seller's badge counts the new booking without a reload.
  const newBooking = sam.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: '1 new booking' })
  await newBooking.waitFor()

  // Live: the booking reaches the seller's open thread, which now offers a pickup time.
  const propose = sam.page.getByText('Propose a pickup time')
  await propose.waitFor({ timeout: 10_000 })
  await propose.click()
  await sam.page.getByLabel('Pickup time').fill(localInput(3))
  await sam.page.getByRole('button', { name: 'Propose pickup' }).click()
  await thread(sam.page).getByText('You proposed a pickup').waitFor()
  await thread(sam.page).getByText('Waiting for Bea Buyer to answer').waitFor()

  await thread(bea.page).getByText('Sam Seller proposed a pickup').waitFor()
  const accept = thread(bea.page).getByRole('button', { name: /^Accept pickup at / })
  const when = (await accept.getAttribute('aria-label')).replace('Accept pickup at ', '')
  await screenshots(bea.page, 'messages-pickup')
  await accept.click()
  await thread(bea.page).getByText('Accepted').waitFor()
  await thread(sam.page).getByText('Accepted').waitFor()

  await bea.page.goto('/dashboard/myorders')
  const order = bea.page.getByRole('row').filter({ hasText: 'Oak table' })
  await order.getByText(`Pickup ${when}`).waitFor()
  assert.equal(await order.getByRole('link', { name: 'Message the seller of Oak table' }).getAttribute('href'), conversationPath)
  // Only a booking is new: the badge leads to My Buyers, which marks it New, and then it is seen.
  await newBooking.click()
  await expectPath(sam.page, '/dashboard/mybuyers')
  const row = sam.page.getByRole('row').filter({ hasText: 'Oak table' })
  await row.getByText('New', { exact: true }).waitFor()
  await row.getByText(`Pickup ${when}`).waitFor()
  await eventually(async () => assert.equal((await badge(sam.page).textContent()).trim(), 'Messages'))
  // Seen for the person: the list as the server answers it next marks it no more.
  const listed = sam.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/mybuyers' && r.ok())
  await sam.page.reload()
  await listed
  await row.getByText(`Pickup ${when}`).waitFor()
  await eventually(async () => assert.equal(await row.getByText('New', { exact: true }).count(), 0))
  bea.watcher.check()
  sam.watcher.check()
})

test("Profile's 'Notify me on this device' sends the subscription; Log Out takes it back first", async () => {
  // Subscribing for real needs a push service on the internet: the browser's
  // answer is stubbed with a real P-256 point and auth secret, and an
  // endpoint that cannot be reached from here (its push fails, and is logged).
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const subscription = {
    endpoint: 'https://push.example.net/send/e2e-device',
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  }
  const context = await newContext(browser, server.url)
  await context.addInitScript((json) => {
    let current = null
    PushManager.prototype.getSubscription = async () => current
    PushManager.prototype.subscribe = async function (options) {
      window.pushOptions = {
        userVisibleOnly: options.userVisibleOnly,
        keyLength: new Uint8Array(options.applicationServerKey).length,
      }
      current = {
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: async () => {
          current = null
          return true
        },
      }
      return current
    }
  }, subscription)
  const page = await context.newPage()
  const watcher = watch(page)
  await logIn(page, buyer)
  await page.goto('/dashboard/profile')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 })
  const section = page.getByRole('region', { name: 'Notifications' })
  for (const name of ['New messages', 'Replies from sellers', 'New bookings', 'Declined bookings', 'Payments received']) {
    assert.equal(await section.getByRole('checkbox', { name }).isChecked(), true, name)
  }
  const device = section.getByRole('checkbox', { name: 'Notify me on this device' })
  await eventually(async () => assert.equal(await device.isEnabled(), true), 15_000)

  const posted = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST')
  await device.click()
  const response = await posted
  assert.equal(response.status(), 201)
  assert.deepEqual(JSON.parse(response.request().postData()), subscription)
  assert.equal((await response.json()).endpoint, subscription.endpoint)
  assert.deepEqual(await page.evaluate(() => window.pushOptions), { userVisibleOnly: true, keyLength: 65 })
  await eventually(async () => assert.equal(await device.isChecked(), true))
  // Profile lists it, as this device, without its endpoint.
  const devices = section.getByRole('list', { name: 'Devices that get notifications' })
  await devices.getByRole('listitem').filter({ hasText: 'This device' }).waitFor()
  assert.equal(await devices.getByRole('listitem').count(), 1)
  assert.equal(await section.getByText(subscription.endpoint).count(), 0)
  await screenshots(page, 'profile-notifications')

  // The server holds it for the person, and for this session only.
  const api = await signedIn(server.url, buyer)
  const [held] = (await api('GET', '/api/push/subscriptions')).items
  assert.equal(held.current, false)
  assert.equal(held.last_sent_at, null)

  // A kind turned off stays off.
  await section.getByRole('checkbox', { name: 'New bookings' }).click()
  await eventually(async () => assert.equal((await api('GET', '/api/push/preferences')).booking, false))

  // Log Out forgets the device before the session ends.
  const calls = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === '/api/push/subscriptions' || pathname === '/api/auth/logout') calls.push(`${request.method()} ${pathname}`)
  })
  await logOut(page)
  await expectPath(page, '/')
  await eventually(async () => assert.deepEqual(calls, ['DELETE /api/push/subscriptions', 'POST /api/auth/logout']))
  assert.deepEqual(await api('GET', '/api/push/subscriptions'), { items: [], total: 0 })
  watcher.check()
  await context.close()
})
