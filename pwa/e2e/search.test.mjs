// Finding things: a buyer searches from the top bar, narrows the results
// with filters (each a new address), shares the address and goes Back; on a
// phone the Search button opens the box over the bar; offline, the same
// search runs over the listings the device has saved, and says so.
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  eventually,
  expectPath,
  isFocused,
  pictureForm,
  registerThroughApi,
  savedOnDevice,
  signedIn,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@search.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@search.test', password: 'buyer password 1' }

// [category, name, price, condition, location, dimensions, picture]
const listings = [
  ['Sofas', 'Teal velvet sofa', 240, 'Good', 'Riverside', { width_cm: 210, depth_cm: 90, height_cm: 85 }, 'sofa'],
  ['Sofas', 'Compact sofa bed', 180, 'Excellent', 'Old Town', { width_cm: 150, depth_cm: 80, height_cm: 80 }, 'armchair'],
  ['Tables', 'Oak dining table', 120, 'Good', 'Riverside', { width_cm: 160, depth_cm: 90, height_cm: 75 }, 'armchair'],
  ['Tables', 'Round café table', 60, 'Fair', 'Hillside', { width_cm: 70, depth_cm: 70, height_cm: 74 }, 'sofa'],
  ['Lamps', 'Brass reading lamp', 35, 'Excellent', 'Riverside', null, 'lamp'],
]

let server, browser, pictures, sellerId
const products = {}
const contexts = []

async function list(sam, [category, name, price, condition, location, dimensions, picture]) {
  const image = await sam('POST', '/api/images', await pictureForm({}, pictures[picture]))
  products[name] = await sam('POST', '/api/products', {
    category,
    product: name,
    description: `${name}, well kept.`,
    image: image.url,
    dimensions,
    condition,
    location,
    original_price: price * 3,
    resale_price: price,
    seller_phone: '+1 555 0101',
    purchase_year: 2020,
    use_period: '3 years',
  })
}

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  const admin = await signedIn(server.url, adminAccount)
  for (const [name, picture] of [
    ['Sofas', 'sofaCategory'],
    ['Tables', 'sofaCategory'],
    ['Lamps', 'lampCategory'],
  ]) {
    await admin('POST', '/api/categories', await pictureForm({ name }, pictures[picture]))
  }
  sellerId = (await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })).id
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  const sam = await signedIn(server.url, seller)
  for (const listing of listings) await list(sam, listing)
})

after(async () => {
  for (const context of contexts) await context.close()
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

/** A browser signed in as the buyer (through the API: the context shares its cookies), at a width. */
async function buyerBrowser(width = 1280) {
  const context = await newContext(browser, server.url, width)
  contexts.push(context)
  const login = await context.request.post('/api/auth/login', { data: { email: buyer.email, password: buyer.password } })
  assert.equal(login.status(), 200)
  const page = await context.newPage()
  return { context, page, watcher: watch(page) }
}

const resultCards = (page) => page.getByRole('region', { name: 'Results' }).getByRole('article')

/** The names on the result cards, in order. */
function resultNames(page) {
  return resultCards(page).getByRole('heading').allTextContents()
}

/** Waits for `count` results of the address's search, the count and the cards both drawn, and answers their names. */
async function results(page, count) {
  const region = page.getByRole('region', { name: 'Results' })
  await region.getByText(count === 0 ? 'No results' : `${count} result${count === 1 ? '' : 's'}`, { exact: true }).waitFor()
  const cards = resultCards(page)
  if (count > 0)
    await cards
      .nth(count - 1)
      .getByRole('heading')
      .waitFor()
  await cards.nth(count).waitFor({ state: 'detached' })
  return resultNames(page)
}

/**
 * Waits for exactly these results, in this order (or in any): a new order
 * or filter keeps the count and cards of the last one on screen until its
 * answer comes, so the names are what is waited for.
 */
async function expectResults(page, names, { inAnyOrder = false } = {}) {
  await results(page, names.length)
  const cards = resultCards(page)
  for (const [i, name] of names.entries()) {
    const card = inAnyOrder ? cards : cards.nth(i)
    await card.getByRole('heading', { name, exact: true }).waitFor()
  }
  await cards.nth(names.length).waitFor({ state: 'detached' })
}

const filters = (page) => page.getByRole('complementary', { name: 'Filters' })

let desktop
test('on a desktop, a search from the top bar narrowed by filters, each a new address; the price order', async () => {
  desktop = await buyerBrowser(1280)
  const { page, watcher } = desktop
  await page.goto('/blogs')
  await page.getByRole('heading', { level: 1, name: 'Blogs' }).waitFor()
  const box = page.getByRole('navigation', { name: 'Main' }).getByRole('searchbox', { name: 'Search listings' })
  await box.fill('sofas')
  await box.press('Enter')
  await page.waitForURL((url) => url.pathname === '/search' && url.search === '?q=sofas')
  await page.getByRole('heading', { level: 1, name: 'Results for “sofas”' }).waitFor()
  await expectResults(page, ['Compact sofa bed', 'Teal velvet sofa'], { inAnyOrder: true })
  assert.equal(await box.inputValue(), 'sofas')

  // Will it fit: 160 cm wide at most.
  await filters(page).getByLabel('Width').fill('160')
  await filters(page).getByRole('button', { name: 'Apply filters' }).click()
  await page.waitForURL((url) => url.search === '?q=sofas&max_width_cm=160')
  await expectResults(page, ['Compact sofa bed'])
  await page.getByRole('button', { name: 'Fits 160 × any × any cm: remove this filter' }).waitFor()
  await screenshots(page, 'search')

  // Everything for sale in a category, by price.
  await page.goto('/search')
  await page.getByRole('heading', { level: 1, name: 'All listings' }).waitFor()
  await results(page, 5)
  await filters(page).getByLabel('Category').selectOption('Tables')
  await page.waitForURL((url) => url.search === '?category=Tables')
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' })
  await page.waitForURL((url) => url.search === '?category=Tables&sort=price_asc')
  await expectResults(page, ['Round café table', 'Oak dining table'])
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: high to low' })
  await page.waitForURL((url) => url.search === '?category=Tables&sort=price_desc')
  await expectResults(page, ['Oak dining table', 'Round café table'])
  // Condition and location, then a price range that leaves nothing.
  await page.goto('/search?q=riverside')
  await results(page, 3)
  await filters(page).getByRole('checkbox', { name: 'Excellent' }).check()
  await page.waitForURL((url) => url.search === '?q=riverside&condition=Excellent')
  await expectResults(page, ['Brass reading lamp'])
  await filters(page).getByLabel('Min price').fill('100')
  await filters(page).getByLabel('Min price').press('Enter')
  await page.waitForURL((url) => url.search === '?q=riverside&condition=Excellent&min_price=100')
  await results(page, 0)
  await page.getByText('No listings match your search').waitFor()
  watcher.check()
})

test('the address is the search: opened in another page it shows the same results; Back brings the previous one back', async () => {
  const { context, page, watcher } = desktop
  await page.goto('/search?q=table&sort=price_desc')
  const shown = await results(page, 2)
  assert.deepEqual(shown, ['Oak dining table', 'Round café table'])

  const other = await context.newPage()
  const otherWatcher = watch(other)
  await other.goto(page.url())
  await expectResults(other, shown)
  assert.equal(await other.getByRole('combobox', { name: 'Sort by' }).inputValue(), 'price_desc')
  otherWatcher.check()
  await other.close()

  // A filter, then Back: the previous search, its inputs as they were.
  await filters(page).getByLabel('Max price').fill('100')
  await filters(page).getByRole('button', { name: 'Apply filters' }).click()
  await page.waitForURL((url) => url.search === '?q=table&max_price=100&sort=price_desc')
  await expectResults(page, ['Round café table'])
  await page.goBack()
  await page.waitForURL((url) => url.search === '?q=table&sort=price_desc')
  await expectResults(page, shown)
  assert.equal(await filters(page).getByLabel('Max price').inputValue(), '')
  await page.goForward()
  await page.waitForURL((url) => url.search === '?q=table&max_price=100&sort=price_desc')
  await expectResults(page, ['Round café table'])
  watcher.check()
})

test("a misspelt word offers the listings' spelling; a bad filter is named under its input", async () => {
  const { page, watcher } = desktop
  await page.goto('/search?q=tabel')
  await results(page, 0)
  await page.getByRole('link', { name: 'Did you mean table?' }).click()
  await page.waitForURL((url) => url.search === '?q=table')
  await results(page, 2)

  watcher.allowApi(422, '/api/products')
  await page.goto('/search?min_price=50&max_price=20')
  const alert = page.getByRole('region', { name: 'Results' }).getByRole('alert')
  await alert.waitFor()
  const maxPrice = filters(page).getByLabel('Max price')
  assert.equal(await maxPrice.getAttribute('aria-invalid'), 'true')
  const message = await page.locator(`#${await maxPrice.getAttribute('aria-describedby')}`).textContent()
  assert.ok(message && (await alert.textContent()).includes(message), `the alert names the max price: ${message}`)
  await screenshots(page, 'search-invalid', { widths: [1280] })
  watcher.check()
})

test("a seller's listings say whose they are", async () => {
  const { page, watcher } = desktop
  await page.goto(`/search?seller=${sellerId}`)
  await page.getByRole('heading', { level: 1, name: `Listings by ${seller.name}` }).waitFor()
  await results(page, 5)
  watcher.check()
})

test("a product page links to the seller's page, with their listings", async () => {
  const { page, watcher } = desktop
  const product = products['Oak dining table']
  await page.goto(`/products/${product.id}`)
  await page.getByRole('link', { name: `More from ${seller.name}` }).click()
  await expectPath(page, `/sellers/${sellerId}`)
  await page.getByRole('heading', { level: 2, name: `For sale by ${seller.name}` }).waitFor()
  watcher.check()
})

test('at 360 px the Search button opens the box over the bar, full width; the filters open full screen', async () => {
  const { page, watcher } = await buyerBrowser(360)
  await page.goto('/blogs')
  await page.getByRole('heading', { level: 1, name: 'Blogs' }).waitFor()
  const nav = page.getByRole('navigation', { name: 'Main' })
  const box = nav.getByRole('searchbox', { name: 'Search listings' })
  assert.equal(await box.isVisible(), false)
  const open = nav.getByRole('button', { name: 'Search', exact: true })
  await open.click()
  await box.waitFor()
  assert.ok(await isFocused(box), 'the box has the focus')
  const { width } = await page.getByRole('search').boundingBox()
  assert.ok(width >= 359, `the box takes the bar's width (${width})`)
  await screenshots(page, 'search-box', { widths: [360], fullPage: false })

  // Escape puts it away, the focus back on the button.
  await page.keyboard.press('Escape')
  await box.waitFor({ state: 'hidden' })
  assert.ok(await isFocused(open), 'the focus is back on Search')

  await open.click()
  await box.fill('lamp')
  await box.press('Enter')
  await page.waitForURL((url) => url.search === '?q=lamp')
  await expectResults(page, ['Brass reading lamp'])
  assert.equal(await box.isVisible(), false)
  assert.equal(await filters(page).isVisible(), false)

  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Filters' })
  await dialog.waitFor()
  await screenshots(page, 'search-filters', { widths: [360], fullPage: false })
  await dialog.getByLabel('Location').fill('River')
  await dialog.getByRole('button', { name: 'Apply filters' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.waitForURL((url) => url.search === '?q=lamp&location=River')
  await results(page, 1)
  await page.getByRole('button', { name: 'Filters (1)' }).waitFor()
  await screenshots(page, 'search-phone', { widths: [360] })
  watcher.check()
})

test('offline, a search runs over the listings saved on the device, and says so', async () => {
  const { context, page, watcher } = await buyerBrowser(1280)
  // Seen online: one category and one product of another.
  const oak = products['Oak dining table']
  await page.goto('/categories/Sofas')
  await page.getByText('2 products found').waitFor()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.goto(`/products/${oak.id}`)
  await page.getByRole('heading', { level: 1, name: oak.product }).waitFor()
  await eventually(async () => {
    const saved = await savedOnDevice(page)
    const keys = [...saved.public, ...saved.private]
    for (const key of ['products/category/Sofas', `products/detail/${oak.id}`, 'auth/me']) {
      assert.ok(keys.includes(key), `${key} saved: ${keys}`)
    }
  }, 15_000)

  await context.setOffline(true)
  const box = page.getByRole('navigation', { name: 'Main' }).getByRole('searchbox', { name: 'Search listings' })
  await box.fill('table')
  await box.press('Enter')
  await page.waitForURL((url) => url.search === '?q=table')
  const notice = page.getByText('You are offline — showing matches among 3 listings saved on this device.')
  await notice.waitFor()
  // The café table was never seen here: only the oak one is found.
  await expectResults(page, ['Oak dining table'])
  await screenshots(page, 'search-offline')

  // Filters work on the saved listings too, and a reload keeps it all.
  await page.goto('/search?q=riverside&sort=price_asc')
  await notice.waitFor()
  await expectResults(page, ['Oak dining table', 'Teal velvet sofa'])
  await filters(page).getByLabel('Height').fill('80')
  await filters(page).getByRole('button', { name: 'Apply filters' }).click()
  await page.waitForURL((url) => url.search === '?q=riverside&max_height_cm=80&sort=price_asc')
  await expectResults(page, ['Oak dining table'])

  // Back online, the server answers again.
  await context.setOffline(false)
  await page.goto('/search?q=table')
  await expectResults(page, ['Oak dining table', 'Round café table'], { inAnyOrder: true })
  assert.equal(await notice.isVisible(), false)
  watcher.check()
})
