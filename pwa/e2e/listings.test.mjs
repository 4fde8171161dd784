// A seller's listing from end to end, one server for the file, the steps in
// order: on a phone (360 px) the seller lists a product with three photos and
// puts them in order, then edits it (a new price, one photo fewer, its
// dimensions); on a desktop (1280 px) a buyer steps through its gallery,
// opens a photo full screen and reads the dimensions.
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  eventually,
  expectPath,
  expectToast,
  isFocused,
  logIn,
  makePng,
  registerThroughApi,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@listings.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@listings.test', password: 'buyer password 1' }

const table = {
  category: 'Tables',
  product: 'Walnut dining table',
  description: 'Seats six. Oiled walnut, a few marks on the top.',
  condition: 'Good',
  location: 'Riverside',
  resale_price: '240',
  original_price: '900',
  purchase_year: '2018',
  use_period: '6 years',
}

let server, browser, pictures, photos
/** The listing's id, once added. */
let productId
/** Stored photo URL by the photo's name; the photos differ in width, which the upload's answer gives. */
const uploaded = new Map()
const photoWidths = { front: 400, side: 440, top: 480 }

/** Three photos of the table, told apart by their widths. */
async function writePhotos() {
  const dir = await mkdtemp(join(tmpdir(), 'rehome-e2e-photos-'))
  const colours = { front: [13, 148, 136], side: [180, 83, 9], top: [77, 124, 15] }
  const paths = { dir }
  for (const [name, width] of Object.entries(photoWidths)) {
    paths[name] = join(dir, `${name}.png`)
    await writeFile(paths[name], makePng({ width, height: 300, item: colours[name], shape: name === 'top' ? 'lamp' : 'sofa' }))
  }
  return paths
}

before(async () => {
  ;[server, browser, pictures, photos] = await Promise.all([startServer(), launchBrowser(), writePictures(), writePhotos()])
  await addCategoryThroughApi(table.category, pictures.sofaCategory)
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  await registerThroughApi(server.url, { ...buyer, role: 'Buyer', picture: pictures.buyer })
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
  if (photos) await rm(photos.dir, { recursive: true, force: true })
})

/** The admin's session cookie, then POST /api/categories. */
async function addCategoryThroughApi(name, picture) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: adminAccount.email, password: adminAccount.password }),
  })
  assert.equal(login.status, 200, await login.clone().text())
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const form = new FormData()
  form.append('name', name)
  form.append('image', new Blob([await readFile(picture)], { type: 'image/png' }), 'category.png')
  const response = await fetch(`${server.url}/api/categories`, { method: 'POST', body: form, headers: { cookie } })
  assert.equal(response.status, 201, await response.text())
}

/** Notes where each POST /api/images stored which photo, to check the order the product keeps. */
function recordUploads(page) {
  page.on('response', async (response) => {
    if (response.request().method() !== 'POST' || new URL(response.url()).pathname !== '/api/images') return
    if (response.status() !== 201) return
    const image = await response.json()
    const name = Object.keys(photoWidths).find((key) => photoWidths[key] === image.width)
    if (name) uploaded.set(name, image.url)
  })
}

/** The product as the server has it, asked from the page (its session). */
function productOf(page) {
  return page.evaluate(async (id) => (await fetch(`/api/products/${id}`)).json(), productId)
}

const photoList = (page) => page.getByRole('list', { name: 'Chosen photos' })

async function photosUploaded(page, count) {
  await eventually(async () => assert.equal(await photoList(page).getByRole('listitem').count(), count))
  await page.getByText(/^Uploading photos/).waitFor({ state: 'hidden' })
  assert.equal(await photoList(page).getByRole('alert').count(), 0)
}

test('on a phone, a seller lists a product with three photos and puts them in order', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  recordUploads(page)
  await logIn(page, seller)

  await page.goto('/dashboard/addproduct')
  const category = page.getByLabel('Category', { exact: true })
  await category.locator('option', { hasText: table.category }).waitFor({ state: 'attached' })
  await category.selectOption(table.category)
  await page.getByLabel('Product name').fill(table.product)
  await page.getByLabel('Description').fill(table.description)
  // Three at once, as a phone's gallery gives them.
  await page.getByLabel('Photos', { exact: true }).setInputFiles([photos.front, photos.side, photos.top])
  await photosUploaded(page, 3)
  await eventually(() => assert.deepEqual([...uploaded.keys()].sort(), ['front', 'side', 'top']))
  // The top view moves ahead of the side view, by keyboard.
  await photoList(page).getByRole('button', { name: 'Move photo 3 left' }).focus()
  await page.keyboard.press('Enter')
  assert.ok(await isFocused(photoList(page).getByRole('button', { name: 'Move photo 2 left' })))
  await page.getByLabel('Condition').selectOption(table.condition)
  await page.getByLabel('Location', { exact: true }).fill(table.location)
  await page.getByLabel('Resale price').fill(table.resale_price)
  await page.getByLabel('Original price').fill(table.original_price)
  await page.getByLabel('Purchase year').fill(table.purchase_year)
  await page.getByLabel('Use period').fill(table.use_period)
  await page.getByLabel('Phone for this listing').fill('+1 555 0101')
  await page.getByText('Cover', { exact: true }).waitFor()
  await screenshots(page, 'listings-add-product')

  await page.getByRole('button', { name: 'Add Product' }).click()
  await expectToast(page, 'Product added successfully')
  await expectPath(page, `/dashboard/myproducts/${seller.email}`)
  const row = page.getByRole('row').filter({ hasText: table.product })
  const edit = row.getByRole('link', { name: `Edit ${table.product}` })
  await edit.waitFor()
  productId = Number(/\/dashboard\/edit-product\/(\d+)$/.exec(await edit.getAttribute('href'))?.[1])
  assert.ok(productId > 0)

  const product = await productOf(page)
  assert.deepEqual(
    product.images,
    ['front', 'top', 'side'].map((name) => uploaded.get(name)),
  )
  assert.equal(product.thumbs.length, 3)
  assert.equal(product.image, product.images[0])
  assert.equal(product.dimensions, null)
  watcher.check()
  await context.close()
})

test('on a phone, the seller edits it: a new price, one photo fewer, its dimensions', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  await logIn(page, seller)

  await page.goto(`/dashboard/myproducts/${seller.email}`)
  const row = page.getByRole('row').filter({ hasText: table.product })
  await row.getByText('Available').waitFor()
  await screenshots(page, 'listings-my-products')
  await row.getByRole('link', { name: `Edit ${table.product}` }).click()
  await expectPath(page, `/dashboard/edit-product/${productId}`)
  await page.getByRole('heading', { name: 'Edit Product', level: 1 }).waitFor()
  const price = page.getByLabel('Resale price')
  await eventually(async () => assert.equal(await price.inputValue(), '240'))
  assert.equal(await page.getByLabel('Product name').inputValue(), table.product)
  assert.equal(await page.getByLabel('Category', { exact: true }).inputValue(), table.category)
  await photosUploaded(page, 3)

  await price.fill('199')
  // The top view, second since the seller moved it, goes.
  await photoList(page).getByRole('button', { name: 'Remove photo 2' }).click()
  await photosUploaded(page, 2)
  await page.getByLabel('Width (cm)').fill('1200')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByText('Enter a size above 0 and at most 1000 cm').waitFor()
  await page.getByLabel('Width (cm)').fill('180')
  await page.getByLabel('Depth (cm)').fill('90')
  await page.getByLabel('Height (cm)').fill('75')
  await screenshots(page, 'listings-edit-product')

  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Product updated')
  await expectPath(page, `/dashboard/myproducts/${seller.email}`)
  await row.getByText('$199').waitFor()

  const product = await productOf(page)
  assert.equal(product.resale_price, 199)
  assert.deepEqual(
    product.images,
    ['front', 'side'].map((name) => uploaded.get(name)),
  )
  assert.equal(product.thumbs.length, 2)
  assert.deepEqual(product.dimensions, { width_cm: 180, depth_cm: 90, height_cm: 75 })
  watcher.check()
  await context.close()
})

test('on a desktop, a buyer steps through the gallery, opens a photo full screen and reads the dimensions', async () => {
  const context = await newContext(browser, server.url, 1280)
  const page = await context.newPage()
  const watcher = watch(page)
  await logIn(page, buyer)

  await page.goto(`/products/${productId}`)
  await page.getByRole('heading', { name: table.product, level: 1 }).waitFor()
  await page.getByText('W 180 × D 90 × H 75 cm').waitFor()
  const gallery = page.getByRole('region', { name: 'Photos' })
  const thumbnails = gallery.getByRole('list', { name: 'Thumbnails' }).getByRole('button')
  assert.equal(await thumbnails.count(), 2)
  await gallery.getByText('Photo 1 of 2').waitFor()
  await screenshots(page, 'listings-product')

  await gallery.getByRole('button', { name: 'Next' }).click()
  await gallery.getByText('Photo 2 of 2').waitFor()
  assert.equal(await gallery.getByRole('button', { name: 'Show photo 2' }).getAttribute('aria-current'), 'true')
  // The track has scrolled to the second photo.
  await eventually(async () => assert.ok(await gallery.getByRole('img', { name: `${table.product}, photo 2 of 2` }).isVisible()))
  await thumbnails.first().click()
  await gallery.getByText('Photo 1 of 2').waitFor()

  const photo = gallery.getByRole('button', { name: `${table.product}, photo 1 of 2: open full screen` })
  await photo.click()
  const dialog = page.getByRole('dialog', { name: `${table.product}: photo 1 of 2` })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('dialog', { name: `${table.product}: photo 2 of 2` }).waitFor()
  await screenshots(page, 'listings-gallery-full-screen', { fullPage: false })
  await page.keyboard.press('Escape')
  await page.getByRole('dialog').waitFor({ state: 'hidden' })
  await eventually(async () =>
    assert.ok(await isFocused(gallery.getByRole('button', { name: /photo 2 of 2: open full screen$/ }))),
  )
  await gallery.getByText('Photo 2 of 2').waitFor()

  // Report is a quiet link on the product page; the card in its category has none.
  await page.getByRole('button', { name: 'Report this listing' }).waitFor()
  await page.goto(`/categories/${table.category}`)
  const card = page.getByRole('article').filter({ hasText: table.product })
  await card.getByRole('button', { name: 'Book Now' }).waitFor()
  assert.equal(await card.getByRole('button', { name: /Report/ }).count(), 0)
  await screenshots(page, 'listings-category')
  // The whole card opens the product: a click on its picture. On a short
  // screen scrolled down to the card, the product opens at its top.
  await page.setViewportSize({ width: 360, height: 400 })
  await card.getByRole('button', { name: 'Book Now' }).scrollIntoViewIfNeeded()
  const scrolled = await page.evaluate(() => window.scrollY)
  assert.ok(scrolled > 0, 'the card is below the fold')
  await card.click({ position: { x: 40, y: 40 } })
  await expectPath(page, `/products/${productId}`)
  await eventually(async () => assert.equal(await page.evaluate(() => window.scrollY), 0))
  watcher.check()
  await context.close()
})
