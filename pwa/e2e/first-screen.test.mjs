// The first screen on a phone's first visit: each API answer is asked for
// once per load, on the home page, the login page and a product's page; and
// the home page's own lists come with the page, its first pictures asked for
// before the app's code has run.
import assert from 'node:assert/strict'
import { readFile, rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, startServer } from './harness.mjs'
import { registerThroughApi, signedIn, watch, writePictures } from './support.mjs'

const seller = { name: 'Fay Seller', email: 'fay@first.test', password: 'seller password 1' }
const buyer = { name: 'Gus Buyer', email: 'gus@first.test', password: 'buyer password 1' }
const products = ['Oak table', 'Reading lamp', 'Green sofa', 'Bookcase']

let server, browser, pictures
const ids = {}

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  const picture = async (name) => {
    const form = new FormData()
    form.append('image', new Blob([await readFile(pictures[name])], { type: 'image/png' }), `${name}.png`)
    return form
  }
  const admin = await signedIn(server.url, adminAccount)
  // Listings open to visitors, as the demo's and most sites' are.
  await admin('PUT', '/api/site', { public_listings: true })
  const category = await picture('sofaCategory')
  category.append('name', 'Furniture')
  await admin('POST', '/api/categories', category)
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  const asSeller = await signedIn(server.url, seller)
  for (const product of products) {
    const image = await asSeller('POST', '/api/images', await picture('sofa'))
    const created = await asSeller('POST', '/api/products', {
      category: 'Furniture',
      product,
      description: 'Sound and clean.',
      image: image.url,
      condition: 'Good',
      location: 'Old Town',
      original_price: 200,
      resale_price: 50,
      seller_phone: '+1 555 0100',
      purchase_year: 2020,
      use_period: '4 years',
    })
    ids[product] = created.id
    await asSeller('POST', '/api/advertised', { product_id: created.id })
  }
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

/**
 * Opens path on a phone in a fresh profile, waits for shown (what the
 * screen draws once its data came) and for the network to go quiet, and
 * returns every API request the load sent and the page.
 */
async function load(path, shown, { as } = {}) {
  const context = await newContext(browser, server.url, 360)
  if (as) {
    const answer = await context.request.post('/api/auth/login', { data: { email: as.email, password: as.password } })
    assert.equal(answer.status(), 200)
  }
  const page = await context.newPage()
  const watcher = watch(page)
  const requests = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}${url.search}`)
  })
  await page.goto(path)
  await shown(page).waitFor()
  await page.waitForLoadState('networkidle')
  watcher.check()
  return { context, page, requests }
}

function duplicates(requests) {
  return [...new Set(requests.filter((request, i) => requests.indexOf(request) !== i))]
}

test('the home page asks for each API answer once at most, and has its lists and first pictures from its page', async () => {
  const { context, page, requests } = await load('/', (p) =>
    p.getByRole('region', { name: 'Advertised Products' }).getByRole('link', { name: products.at(-1) }),
  )
  assert.deepEqual(duplicates(requests), [], `asked for more than once:\n${requests.join('\n')}`)
  // The page brought them: the app does not ask again.
  for (const list of ['GET /api/categories', 'GET /api/advertised']) {
    assert.ok(!requests.some((request) => request.startsWith(list)), `${list} asked for:\n${requests.join('\n')}`)
  }
  await page.getByRole('link', { name: /^Furniture\b/ }).waitFor()
  // The newest adverts' pictures, the first row on a phone, were preloaded.
  const preloaded = await page
    .locator('head link[rel="preload"][as="image"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  const shown = await page
    .getByRole('region', { name: 'Advertised Products' })
    .getByRole('img')
    .evaluateAll((images) => images.slice(0, 2).map((image) => image.getAttribute('src')))
  assert.deepEqual(preloaded, shown)
  await context.close()
})

test('signed in, the home page asks for its lists once each, as it starts', async () => {
  const { context, page, requests } = await load(
    '/',
    (p) => p.getByRole('region', { name: 'Advertised Products' }).getByRole('link', { name: products.at(-1) }),
    { as: buyer },
  )
  assert.deepEqual(duplicates(requests), [], `asked for more than once:\n${requests.join('\n')}`)
  for (const list of ['GET /api/categories', 'GET /api/advertised']) {
    assert.ok(
      requests.some((request) => request.startsWith(list)),
      `${list} not asked for:\n${requests.join('\n')}`,
    )
  }
  // Their page has none of a visitor's lists or preloads.
  assert.equal(await page.locator('head link[rel="preload"][as="image"]').count(), 0)
  await context.close()
})

test('the login page asks for each API answer once at most', async () => {
  const { context, requests } = await load('/login', (p) => p.getByRole('button', { name: 'Login', exact: true }))
  assert.deepEqual(duplicates(requests), [], `asked for more than once:\n${requests.join('\n')}`)
  await context.close()
})

test("a product's page asks for each API answer once at most", async () => {
  const { context, requests } = await load(`/products/${ids[products[0]]}`, (p) =>
    p.getByRole('heading', { level: 1, name: products[0] }),
  )
  assert.deepEqual(duplicates(requests), [], `asked for more than once:\n${requests.join('\n')}`)
  await context.close()
})
