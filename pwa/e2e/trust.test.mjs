// The handover and the reviews it allows, on phones (360 px): the buyer shows
// the code on My Orders, offline, though it was never opened before; the
// seller, offline at the pickup, is told a mistyped code at once, enters the
// right one on My Buyers, sees "Handed over — confirming" and, back online,
// the booking handed over once (paid, the product sold). Then both review each other: the
// seller's page shows no review after the first, and shows it after the
// second.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  eventually,
  expectAccessible,
  expectToast,
  logIn,
  pictureForm,
  registerThroughApi,
  savedOnDevice,
  signedIn,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@trust.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@trust.test', password: 'buyer password 1' }
const chair = 'Rattan armchair'

let server, browser, pictures, asSeller, asBuyer
let sellerId, productId, bookingId
// Each person's phone, kept across the tests.
const phones = {}

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  const admin = await signedIn(server.url, adminAccount)
  await admin('POST', '/api/categories', await pictureForm({ name: 'Armchairs' }, pictures.sofaCategory))
  sellerId = (await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })).id
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  asSeller = await signedIn(server.url, seller)
  asBuyer = await signedIn(server.url, buyer)
  const image = await asSeller('POST', '/api/images', await pictureForm({}, pictures.armchair))
  const product = await asSeller('POST', '/api/products', {
    category: 'Armchairs',
    product: chair,
    image: image.url,
    condition: 'Good',
    location: 'Harbour',
    resale_price: '60',
  })
  productId = product.id
  bookingId = (
    await asBuyer('POST', '/api/booked', {
      product_id: productId,
      location: 'Harbour gate',
      buyer_phone: '+1 555 0199',
    })
  ).id
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

async function phoneOf(person) {
  if (!phones[person.email]) {
    const context = await newContext(browser, server.url, 360)
    const page = await context.newPage()
    const watcher = watch(page)
    await logIn(page, person)
    phones[person.email] = { context, page, watcher }
  }
  return phones[person.email]
}

const row = (page, text) => page.getByRole('row').filter({ hasText: text })

/** The server's handover check (app.HandoverCheckOf): the first 8 bits of a SHA-256 of the booking and its code. */
function handoverCheck(id, code) {
  return createHash('sha256').update(`rehome-handover\0${id}\0${code}`).digest()[0]
}

/** A code one off the right one that the booking's check rules out. */
function mistypedCode(id, code) {
  for (let n = 1; ; n++) {
    const other = String((Number(code) + n) % 1_000_000).padStart(6, '0')
    if (handoverCheck(id, other) !== handoverCheck(id, code)) return other
  }
}

test('the buyer shows the code, kept on the phone before it was opened; the seller, offline, is told a mistyped code at once, enters the right one and sees it confirmed once back online', async () => {
  const bea = await phoneOf(buyer)
  await bea.page.goto('/dashboard/myorders')
  const order = row(bea.page, chair)
  const showCode = order.getByRole('button', { name: `Show handover code for ${chair}` })
  await showCode.waitFor()
  // My Orders keeps the code on the phone though it was never shown: the pickup may be where there is no signal.
  await bea.page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await eventually(async () => {
    const { private: kept } = await savedOnDevice(bea.page)
    assert.ok(kept.includes(`bookings/mine/handover/${bookingId}`), `the code kept: ${kept}`)
  }, 10_000)
  await bea.context.setOffline(true)
  await bea.page.reload()
  await showCode.click()
  const codeDialog = bea.page.getByRole('dialog', { name: `Handover code for ${chair}` })
  await codeDialog.getByText('Show this to the seller when you pick it up.').waitFor()
  const shown = await codeDialog
    .getByText(/^Your code: \d{3} \d{3}$/)
    .first()
    .textContent()
  const code = shown.replace(/\D/g, '')
  assert.equal(code, (await asBuyer('GET', `/api/booked/${bookingId}/handover`)).code)
  await codeDialog.getByRole('button', { name: 'Close', exact: true }).click()
  // Online again, the dialog stays open to learn the handover from the live events.
  await bea.context.setOffline(false)
  await bea.page.reload()
  await showCode.click()
  await codeDialog
    .getByText(`Your code: ${code.slice(0, 3)} ${code.slice(3)}`)
    .first()
    .waitFor()
  // The QR code's script loads on first use.
  await codeDialog.getByRole('img', { name: `QR code of ${code.slice(0, 3)} ${code.slice(3)}` }).waitFor()
  await expectAccessible(bea.page, 'the handover code at 360 px')
  await screenshots(bea.page, 'handover-code', { fullPage: false })

  const sam = await phoneOf(seller)
  await sam.page.goto('/dashboard/mybuyers')
  const booking = row(sam.page, chair)
  await booking.getByText('Booked', { exact: true }).waitFor()
  // Only answers count: a request made offline fails before it has one.
  const answers = []
  sam.page.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/mybuyers/${bookingId}/handover`) {
      answers.push(response.status())
    }
  })

  // The app as a phone has it once used: its service worker holds the app's code, for what opens offline.
  await sam.page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await sam.context.setOffline(true)
  await booking.getByRole('button', { name: `Hand over ${chair} to ${buyer.name}` }).click()
  const handover = sam.page.getByRole('dialog', { name: `Hand over ${chair}` })
  const field = handover.getByLabel('Buyer’s handover code')
  assert.equal(await field.getAttribute('inputmode'), 'numeric')
  assert.equal(await field.getAttribute('autocomplete'), 'one-time-code')
  // A code the booking's check rules out is refused here, before anything is queued.
  const [listed] = (await asSeller('GET', '/api/mybuyers')).items
  assert.equal(listed.handover_check, handoverCheck(bookingId, code))
  assert.equal((await asBuyer('GET', '/api/booked')).items[0].handover_check, undefined)
  const mistyped = mistypedCode(bookingId, code)
  await field.fill(`${mistyped.slice(0, 3)} ${mistyped.slice(3)}`)
  await handover.getByRole('button', { name: 'Hand over' }).click()
  await handover.getByText('That code is not right: ask the buyer to show it again').waitFor()
  assert.equal((await savedOnDevice(sam.page)).outbox, 0)
  await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`)
  await expectAccessible(sam.page, 'the handover form at 360 px')
  await screenshots(sam.page, 'handover-form', { fullPage: false })
  await handover.getByRole('button', { name: 'Hand over' }).click()
  await expectToast(sam.page, 'Saved — it will be sent when you are back online')
  await booking.getByText('Handed over — confirming').waitFor()
  assert.equal(await booking.getByRole('button', { name: /^Hand over/ }).count(), 0)
  assert.equal((await savedOnDevice(sam.page)).outbox, 1)
  await screenshots(sam.page, 'handover-confirming')

  // The buyer's open dialog learns it from the live events; the code itself is no longer given.
  bea.watcher.allowApi(409, `/api/booked/${bookingId}/handover`)
  bea.watcher.allowApi(409, `/api/booked/${bookingId}/handover`)
  await sam.context.setOffline(false)
  await expectToast(sam.page, `Handed over: ${chair} is sold`)
  await booking.getByText(/^Handed over [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor()
  await booking.getByText('Handed over — confirming').waitFor({ state: 'detached' })
  await booking.getByText('Paid', { exact: true }).waitFor()
  assert.equal(await booking.getByRole('button', { name: /^Hand over/ }).count(), 0)
  assert.deepEqual(answers, [200])
  assert.equal((await savedOnDevice(sam.page)).outbox, 0)
  await screenshots(sam.page, 'handover-confirmed')

  await codeDialog.getByText('Handed over', { exact: true }).waitFor()
  await screenshots(bea.page, 'handover-code-handed-over', { widths: [360], fullPage: false })
  await codeDialog.getByRole('button', { name: 'Close', exact: true }).click()
  await order.getByText(/^Handed over [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor()
  assert.equal(await order.getByRole('button', { name: /handover code/ }).count(), 0)

  // What the server holds: handed over once, paid, the product sold.
  const { items } = await asSeller('GET', '/api/mybuyers')
  assert.equal(items.length, 1)
  assert.equal(items[0].status, 'Paid')
  assert.ok(items[0].handed_over_at)
  assert.ok(Date.parse(items[0].review_until) > Date.now())
  assert.equal((await asBuyer('GET', `/api/products/${productId}`)).status, 'Sold')
  bea.watcher.check()
  sam.watcher.check()
})

test('both review each other: the seller page shows the review only once both have written theirs', async () => {
  const bea = await phoneOf(buyer)
  await bea.page.goto('/dashboard/myorders')
  const order = row(bea.page, chair)
  await order.getByRole('button', { name: `Review the seller of ${chair}` }).click()
  const review = bea.page.getByRole('dialog', { name: `Review the seller of ${chair}` })
  const stars = review.getByRole('group', { name: 'Your rating' })
  // By keyboard: the first star, then the arrow keys along the group.
  await stars.getByLabel('1 star', { exact: true }).focus()
  await bea.page.keyboard.press('Space')
  for (let i = 0; i < 4; i++) await bea.page.keyboard.press('ArrowRight')
  assert.equal(await stars.getByLabel('5 stars').isChecked(), true)
  await review.getByLabel('Your review (optional)').fill('Friendly, and the chair is just as the photos showed.')
  await expectAccessible(bea.page, 'the review form at 360 px')
  await screenshots(bea.page, 'review-form', { fullPage: false })
  await review.getByRole('button', { name: 'Send review' }).click()
  await expectToast(bea.page, 'Reviewed — shown once the seller reviews too, or in 14 days')
  await order.getByText('Reviewed — shown once the seller reviews too, or in 14 days').waitFor()
  await screenshots(bea.page, 'my-orders-reviewed')

  // Not shown to anyone yet: the seller has not reviewed.
  await bea.page.goto(`/sellers/${sellerId}`)
  await bea.page.getByRole('heading', { level: 1, name: seller.name }).waitFor()
  await bea.page.getByText('No reviews yet').waitFor()
  await bea.page.getByRole('heading', { level: 2, name: `For sale by ${seller.name}` }).waitFor()
  assert.equal(await bea.page.getByRole('region', { name: `Reviews of ${seller.name}` }).count(), 0)
  assert.equal((await asBuyer('GET', `/api/users/${sellerId}/reviews`)).total, 0)

  const sam = await phoneOf(seller)
  await sam.page.goto('/dashboard/mybuyers')
  const booking = row(sam.page, chair)
  await booking.getByRole('button', { name: `Review the buyer of ${chair}` }).click()
  const theirs = sam.page.getByRole('dialog', { name: `Review the buyer of ${chair}` })
  await theirs.getByLabel('4 stars').check()
  await theirs.getByRole('button', { name: 'Send review' }).click()
  await expectToast(sam.page, 'Reviewed — you both reviewed each other, so both reviews show now')
  await booking.getByText('You both reviewed each other').waitFor()
  await screenshots(sam.page, 'my-buyers-reviewed')

  await bea.page.reload()
  const reviews = bea.page.getByRole('region', { name: `Reviews of ${seller.name}` })
  const item = reviews.getByRole('article')
  await item.getByText('Friendly, and the chair is just as the photos showed.').waitFor()
  await item.getByText(buyer.name, { exact: true }).waitFor()
  await item.getByText(`bought ${chair}`).waitFor()
  await item.getByText('Rated 5 out of 5').first().waitFor()
  await bea.page
    .getByText(/^Rated 5\.0 out of 5, · 1 review$/)
    .first()
    .waitFor()
  assert.equal(await item.count(), 1)
  await expectAccessible(bea.page, "the seller's page with a review at 360 px")
  await screenshots(bea.page, 'seller-reviews')

  // The product page shows the seller's rating beside their name.
  await bea.page.goto(`/products/${productId}`)
  await bea.page.getByRole('heading', { level: 1, name: chair }).waitFor()
  await bea.page
    .getByText(/^Rated 5\.0 out of 5, · 1 review$/)
    .first()
    .waitFor()
  bea.watcher.check()
  sam.watcher.check()
})
