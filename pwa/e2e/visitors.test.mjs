// A marketplace open to visitors, one server for the file, on a phone
// (360 px): once an admin makes the listings public, a visitor browses from
// the home page to a category, a product, its seller's page and a search,
// taps Book and comes back to the product after logging in; a buyer taps
// Sell, starts selling and lists a product.
import assert from 'node:assert/strict'
import { readFile, rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  expectAccessible,
  expectPath,
  expectToast,
  logIn,
  registerThroughApi,
  signedIn,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@visitors.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@visitors.test', password: 'buyer password 1' }
const newcomer = { name: 'Nora Newcomer', email: 'nora@visitors.test', password: 'newcomer password 1' }

let server, browser, pictures
let sellerId, productId

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  const admin = await signedIn(server.url, adminAccount)
  const category = new FormData()
  category.append('name', 'Sofas')
  category.append('image', new Blob([await readFile(pictures.sofaCategory)], { type: 'image/png' }), 'sofas.png')
  await admin('POST', '/api/categories', category)
  sellerId = (await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })).id
  await registerThroughApi(server.url, { ...buyer, role: 'Buyer', picture: pictures.buyer })
  await registerThroughApi(server.url, { ...newcomer, role: 'Buyer', picture: pictures.buyer })
  const sam = await signedIn(server.url, seller)
  const photo = new FormData()
  photo.append('image', new Blob([await readFile(pictures.sofa)], { type: 'image/png' }), 'sofa.png')
  const image = await sam('POST', '/api/images', photo)
  const product = await sam('POST', '/api/products', {
    category: 'Sofas',
    product: 'Teal velvet sofa',
    description: 'Three seats, soft velvet.',
    image: image.url,
    condition: 'Good',
    location: 'Riverside',
    original_price: 900,
    resale_price: '240',
    seller_phone: '+1 555 0101',
    purchase_year: 2019,
    use_period: '5 years',
  })
  productId = product.id
  // What this file is about: the admins open the listings to visitors.
  const site = await admin('PUT', '/api/site', { public_listings: true })
  assert.equal(site.public_listings, true)
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

/** axe-core at both widths, back at the phone's afterwards. */
async function accessibleAtBothWidths(page, what) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await expectAccessible(page, `${what} at ${width} px`)
  }
  await page.setViewportSize({ width: 360, height: 780 })
}

test('on a phone, a visitor browses the public listings and logs in to book, coming back to the product', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)

  await page.goto('/')
  const justListed = page.locator('section', { has: page.getByRole('heading', { name: 'Just listed' }) })
  await justListed.getByRole('link', { name: 'Teal velvet sofa' }).first().waitFor()
  await page.getByRole('link', { name: /Sofas/ }).first().click()
  await expectPath(page, '/categories/Sofas')
  await page.getByRole('heading', { level: 1, name: 'Sofas' }).waitFor()
  await page.getByRole('link', { name: 'Teal velvet sofa' }).first().click()

  await expectPath(page, `/products/${productId}`)
  await page.getByRole('heading', { level: 1, name: 'Teal velvet sofa' }).waitFor()
  const book = page.getByRole('link', { name: 'Log in to book' })
  await book.waitFor()
  assert.equal(await page.getByRole('button', { name: 'Book Now' }).count(), 0)
  // Nobody's email or phone for a visitor.
  const text = await page.locator('body').innerText()
  assert.ok(!text.includes(seller.email) && !text.includes('555 0101'), "the page shows the seller's contact details")
  await accessibleAtBothWidths(page, 'a product, as a visitor')
  await screenshots(page, 'visitors-product')

  await page.getByRole('link', { name: 'More from Sam Seller' }).click()
  await expectPath(page, `/sellers/${sellerId}`)
  await page.getByRole('heading', { level: 1, name: /Sam Seller/ }).waitFor()
  await page.getByRole('heading', { level: 2, name: 'For sale by Sam Seller' }).waitFor()
  await page.getByRole('link', { name: 'Teal velvet sofa' }).first().waitFor()
  await accessibleAtBothWidths(page, "a seller's page")
  await screenshots(page, 'visitors-seller')

  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('searchbox', { name: 'Search listings' }).fill('velvet')
  await page.keyboard.press('Enter')
  await expectPath(page, '/search')
  await page.getByRole('link', { name: 'Teal velvet sofa' }).first().click()
  await expectPath(page, `/products/${productId}`)

  await page.getByRole('link', { name: 'Log in to book' }).click()
  await expectPath(page, '/login')
  await page.getByText('Log in to book this product').waitFor()
  await logIn(page, buyer, { goto: false })
  await expectPath(page, `/products/${productId}`)
  await page.getByRole('button', { name: 'Book Now' }).waitFor()
  watcher.check()
  await context.close()
})

test('on a phone, a buyer taps Sell, starts selling and lists a product', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  await logIn(page, newcomer)

  await page.getByRole('link', { name: 'Sell', exact: true }).click()
  await expectPath(page, '/sell')
  await page.getByRole('heading', { level: 1, name: 'Start selling' }).waitFor()
  await accessibleAtBothWidths(page, 'Start selling')
  await screenshots(page, 'visitors-start-selling')
  await page.getByRole('button', { name: 'Start selling' }).click()

  await expectPath(page, '/dashboard/addproduct')
  const category = page.getByLabel('Category', { exact: true })
  await category.locator('option', { hasText: 'Sofas' }).waitFor({ state: 'attached' })
  await category.selectOption('Sofas')
  await page.getByLabel('Product name').fill('Green armchair')
  await page.getByLabel('Description').fill('Comfortable, a little worn on the arms.')
  await page.getByLabel('Photos', { exact: true }).setInputFiles([pictures.armchair])
  await page.getByText('Cover', { exact: true }).waitFor()
  await page.getByText(/^Uploading photos/).waitFor({ state: 'hidden' })
  await page.getByLabel('Condition').selectOption('Good')
  await page.getByLabel('Location', { exact: true }).fill('Old Town')
  await page.getByLabel('Resale price').fill('60')
  await page.getByLabel('Original price').fill('300')
  await page.getByLabel('Purchase year').fill('2017')
  await page.getByLabel('Use period').fill('7 years')
  await page.getByRole('button', { name: 'Add Product' }).click()
  await expectToast(page, 'Product added successfully')
  await expectPath(page, `/dashboard/myproducts/${newcomer.email}`)
  await page.getByRole('row').filter({ hasText: 'Green armchair' }).first().waitFor()

  const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json())
  assert.equal(me.role, 'Seller')
  // The same account still buys: My Orders stays in its dashboard.
  await page.goto('/dashboard')
  await page
    .getByRole('link', { name: /My Orders/ })
    .first()
    .waitFor()
  watcher.check()
  await context.close()
})
