// The product page on a phone (360 px), from a buyer's booking to its
// decline and a second booking: the price with Book Now and Message stays in
// a bar pinned to the bottom of the screen, the photos swipe with dots, and a
// declined buyer sees the product as it is and may book it again. Then a
// seller whose language writes a decimal comma lists with only what is
// required.
import assert from 'node:assert/strict'
import { readFile, rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  eventually,
  expectAccessible,
  expectToast,
  logIn,
  registerThroughApi,
  signedIn,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@rebook.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@rebook.test', password: 'buyer password 1' }
const desk = 'Pine writing desk'

let server, browser, pictures, asSeller
/** The desk's id. */
let productId

async function upload(client, picture) {
  const form = new FormData()
  form.append('image', new Blob([await readFile(picture)], { type: 'image/png' }), 'photo.png')
  return (await client('POST', '/api/images', form)).url
}

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  const admin = await signedIn(server.url, adminAccount)
  const category = new FormData()
  category.append('name', 'Desks')
  category.append('image', new Blob([await readFile(pictures.sofaCategory)], { type: 'image/png' }), 'category.png')
  await admin('POST', '/api/categories', category)
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  await registerThroughApi(server.url, { ...buyer, role: 'Buyer', picture: pictures.buyer })
  asSeller = await signedIn(server.url, seller)
  const images = [
    await upload(asSeller, pictures.sofa),
    await upload(asSeller, pictures.armchair),
    await upload(asSeller, pictures.lamp),
  ]
  // Only what is required: no description, original price, purchase year or use period.
  const product = await asSeller('POST', '/api/products', {
    category: 'Desks',
    product: desk,
    images,
    condition: 'Good',
    location: 'Old Town',
    resale_price: '85',
  })
  productId = product.id
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

/** The bottom of the element's box and the viewport's height, in CSS pixels. */
function bottomOf(locator) {
  return locator.evaluate((element) => ({ bottom: element.getBoundingClientRect().bottom, viewport: window.innerHeight }))
}

test('on a phone, a declined buyer sees the product available again and books it a second time', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  await logIn(page, buyer)

  await page.goto(`/products/${productId}`)
  await page.getByRole('heading', { name: desk, level: 1 }).waitFor()
  await page.getByText('Status: Available').waitFor()
  // The details the seller left out are not shown empty.
  assert.equal(await page.getByText('Original price').count(), 0)
  assert.equal(await page.getByText('Purchase year').count(), 0)

  // Book Now, at the top of the page, sits in the bar at the bottom of the screen.
  const bookNow = page.getByRole('button', { name: 'Book Now' })
  await bookNow.waitFor()
  const pinned = await bottomOf(bookNow)
  assert.ok(pinned.bottom <= pinned.viewport && pinned.bottom > pinned.viewport - 90, JSON.stringify(pinned))
  await page.getByRole('button', { name: 'Message the seller' }).waitFor()

  // The photos: no Previous or Next on a phone, a dot for each.
  const gallery = page.getByRole('region', { name: 'Photos' })
  const dots = gallery.getByRole('list', { name: 'Choose a photo' }).getByRole('button')
  assert.equal(await dots.count(), 3)
  assert.equal(await gallery.getByRole('button', { name: 'Next' }).isVisible(), false)
  assert.equal(await dots.first().getAttribute('aria-current'), 'true')
  await screenshots(page, 'product-phone-bar', { widths: [360], fullPage: false })
  // A swipe is a scroll of the track, which snaps to the next photo.
  await gallery
    .getByRole('button', { name: `${desk}, photo 1 of 3: open full screen` })
    .evaluate((photo) => photo.parentElement.scrollBy({ left: photo.clientWidth }))
  await eventually(async () => assert.equal(await dots.nth(1).getAttribute('aria-current'), 'true'))
  await dots.nth(2).click()
  await eventually(async () => assert.equal(await dots.nth(2).getAttribute('aria-current'), 'true'))
  await expectAccessible(page, 'the product page at 360 px')
  await page.setViewportSize({ width: 1280, height: 900 })
  await gallery.getByRole('button', { name: 'Next' }).waitFor()
  await expectAccessible(page, 'the product page at 1280 px')
  await page.setViewportSize({ width: 360, height: 780 })

  // Scrolled to the end, the bar sits in its own place, over nothing.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const report = page.getByRole('button', { name: 'Report this listing' })
  const end = await bottomOf(report)
  const bar = await bookNow.evaluate((element) => element.getBoundingClientRect().top)
  assert.ok(end.bottom <= bar, `Report (bottom ${end.bottom}) is above the bar (top ${bar})`)

  await bookNow.click()
  const dialog = page.getByRole('dialog', { name: `Book ${desk}` })
  await dialog.getByLabel('Location', { exact: true }).fill('Old Town square')
  await dialog.getByLabel('Phone').fill('+1 555 0199')
  await dialog.getByRole('button', { name: 'Confirm booking' }).click()
  await expectToast(page, 'Booked successfully')
  await page.getByText('You booked this').waitFor()
  // No card payments here: nothing to pay in the app.
  await page.getByText('Paid in person at pickup').waitFor()
  assert.equal(await page.getByRole('link', { name: 'Pay' }).count(), 0)
  await page.getByText('Status: Reserved').waitFor()

  // The seller declines it.
  const [booking] = (await asSeller('GET', '/api/mybuyers')).items
  await asSeller('DELETE', `/api/mybuyers/${booking.id}`, { reason: 'Promised to a neighbour' })

  await page.reload()
  await page.getByText('Status: Available').waitFor()
  assert.equal(await page.getByText('You booked this').count(), 0)
  await page.getByRole('button', { name: 'Book Now' }).click()
  await dialog.getByLabel('Location', { exact: true }).fill('Old Town square')
  await dialog.getByLabel('Phone').fill('+1 555 0199')
  await dialog.getByRole('button', { name: 'Confirm booking' }).click()
  await expectToast(page, 'Booked successfully')
  await page.getByText('You booked this').waitFor()
  await page.getByText('Status: Reserved').waitFor()

  const orders = await page.evaluate(async () => (await fetch('/api/booked')).json())
  assert.deepEqual(
    orders.items.map((order) => order.status),
    ['Booked', 'Declined'],
  )
  watcher.check()
  await context.close()
})

test('a seller whose language writes a decimal comma lists with only what is required', async () => {
  // A German browser: the app speaks German, and a price is typed "150,50".
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'de-DE',
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  const watcher = watch(page)
  await page.goto('/login')
  await page.getByLabel('E-Mail', { exact: true }).fill(seller.email)
  await page.getByLabel('Passwort', { exact: true }).fill(seller.password)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await page.waitForURL((url) => url.pathname !== '/login')

  await page.goto('/dashboard/addproduct')
  const category = page.getByLabel('Kategorie', { exact: true })
  await category.locator('option', { hasText: 'Desks' }).waitFor({ state: 'attached' })
  await expectAccessible(page, 'Add Product at 360 px')
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectAccessible(page, 'Add Product at 1280 px')
  await page.setViewportSize({ width: 360, height: 780 })

  await category.selectOption('Desks')
  await page.getByLabel('Artikelname').fill('Oak stool')
  await page.getByLabel('Fotos', { exact: true }).setInputFiles(pictures.lamp)
  await page.getByText('Titelbild', { exact: true }).waitFor()
  await page.getByLabel('Ort', { exact: true }).fill('Harbour')
  await page.getByLabel('Verkaufspreis').fill('150,50')
  await screenshots(page, 'add-product-required-only', { widths: [360] })
  await page.getByRole('button', { name: 'Artikel hinzufügen' }).click()
  await expectToast(page, 'Artikel erfolgreich hinzugefügt')

  const mine = await asSeller('GET', `/api/myproducts/${seller.email}`)
  const stool = mine.items.find((p) => p.product === 'Oak stool')
  assert.equal(stool.resale_price, 150.5)
  assert.equal(stool.original_price, null)
  assert.equal(stool.purchase_year, null)
  assert.equal(stool.use_period, null)
  watcher.check()
  await context.close()
})
