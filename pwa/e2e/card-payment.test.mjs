// The whole story with both set up: a person signs in with Google (a local
// OpenID Connect provider), books, and pays by card. Stripe's API is
// stripe-mock, and Stripe.js, which cannot load from the internet here, is a
// stub served in its place; the test plays Stripe's part and sends the
// signed webhook event. My Orders and My Buyers then show the booking Paid.
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import {
  adminAccount,
  launchBrowser,
  newContext,
  screenshots,
  startProvider,
  startServer,
  startStripeMock,
  stripeWebhookSecret,
} from './harness.mjs'
import { expectPath, logIn, registerThroughApi, signedIn, watch, writePictures } from './support.mjs'

const seller = { name: 'Cara Seller', email: 'cara@e2e.test', password: 'cara password 1', role: 'Seller' }

// What the page's Stripe.js does, as far as the payment screen uses it.
const stripeStub = `
window.Stripe = Object.assign(function Stripe() {
  return {
    elements({ clientSecret }) {
      return {
        clientSecret,
        create() {
          return {
            mount(node) { node.innerHTML = '<label>Card number <input value="4242 4242 4242 4242" /></label>' },
            destroy() {},
          }
        },
      }
    },
    async confirmPayment({ elements }) {
      window.stripeConfirmed = elements.clientSecret
      return { paymentIntent: { status: 'succeeded' } }
    },
  }
}, { version: 'endive' })
`

let google, stripe, server, browser, pictures

before(async () => {
  ;[google, stripe] = await Promise.all([startProvider(), startStripeMock()])
  ;[server, browser, pictures] = await Promise.all([startServer({ google, stripe }), launchBrowser(), writePictures()])
})

after(async () => {
  await browser?.close()
  await server?.stop()
  await stripe?.stop()
  await google?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

async function pictureForm(fields) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append('image', new Blob([await readFile(pictures.armchair)], { type: 'image/png' }), 'picture.png')
  return form
}

test('signed in with Google, a buyer books and pays by card at 360 px; the order reads Paid for both sides', async () => {
  const admin = await signedIn(server.url, adminAccount)
  await admin('POST', '/api/categories', await pictureForm({ name: 'Chairs' }))
  await registerThroughApi(server.url, { ...seller, picture: pictures.seller })
  const asSeller = await signedIn(server.url, seller)
  const image = await asSeller('POST', '/api/images', await pictureForm({}))
  await asSeller('POST', '/api/products', {
    category: 'Chairs',
    product: 'Rocking chair',
    description: 'Oak, rocks gently.',
    image: image.url,
    condition: 'Good',
    location: 'Riverside',
    original_price: 200,
    resale_price: '45.50',
    seller_phone: '+1 555 0100',
    purchase_year: 2018,
    use_period: '6 years',
  })

  const context = await newContext(browser, server.url, 360)
  await context.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: stripeStub }))
  const page = await context.newPage()
  const watcher = watch(page)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Sign in with google' }).click()
  await expectPath(page, '/')

  await page.goto('/categories/Chairs')
  await page.getByRole('button', { name: 'Book Now' }).click()
  const bookNow = page.getByRole('dialog', { name: 'Book Rocking chair' })
  await bookNow.getByText('(jane.doe@example.com)').waitFor()
  await bookNow.getByLabel('Location', { exact: true }).fill('Riverside')
  await bookNow.getByLabel('Phone').fill('+1 555 0199')
  await bookNow.getByRole('button', { name: 'Confirm booking' }).click()
  await bookNow.waitFor({ state: 'hidden' })

  await page.goto('/dashboard/myorders')
  await page.getByRole('link', { name: 'Pay for Rocking chair' }).click()
  await page.waitForURL(/\/dashboard\/payment\/\d+$/)
  const booking = { id: Number(new URL(page.url()).pathname.split('/').pop()) }

  const card = page.getByRole('region', { name: 'Pay by card' })
  await card.getByLabel('Card number').waitFor()
  await page.getByRole('region', { name: 'How to pay' }).waitFor() // paying in person stays offered
  await screenshots(page, 'payment-card')
  await card.getByRole('button', { name: 'Pay $45.50' }).click()
  await page.getByRole('region', { name: 'Confirming your payment' }).waitFor()
  assert.ok(await page.evaluate(() => window.stripeConfirmed), 'Stripe.js was asked to confirm the payment')

  // Stripe's event, as Stripe signs it, for the payment the server started.
  const payment = server.log().match(new RegExp(`card payment started" booking=${booking.id} payment=(\\S+)`))?.[1]
  assert.ok(payment, `no payment in the log:\n${server.log()}`)
  const event = JSON.stringify({
    id: 'evt_e2e',
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2026-03-25.dahlia',
    data: {
      object: {
        id: payment,
        object: 'payment_intent',
        amount: 4550,
        currency: 'usd',
        status: 'succeeded',
        metadata: { booking_id: String(booking.id) },
      },
    },
  })
  const at = Math.floor(Date.now() / 1000)
  const signature = createHmac('sha256', stripeWebhookSecret).update(`${at}.${event}`).digest('hex')
  const delivered = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${at},v1=${signature}` },
    body: event,
  })
  assert.equal(delivered.status, 200, await delivered.text())

  await page.getByRole('region', { name: 'Payment received' }).waitFor()
  await screenshots(page, 'payment-received')
  await page.goto('/dashboard/myorders')
  await page
    .getByRole('row', { name: /Rocking chair/ })
    .getByText('Paid')
    .waitFor()
  watcher.check()
  await context.close()

  const sellers = await newContext(browser, server.url, 1280)
  const sellerPage = await sellers.newPage()
  await logIn(sellerPage, seller)
  await sellerPage.goto('/dashboard/mybuyers')
  const row = sellerPage.getByRole('row', { name: /Rocking chair/ })
  await row.getByText('jane.doe@example.com').waitFor()
  await row.getByText('Paid').waitFor()
  await sellers.close()
})
