// The home page on a server of its own with thirty listings in two
// categories: on a phone (360 px) the categories come as a compact two-column
// list with their counts, then Advertised Products, then Just listed, which
// loads its second page as the visitor scrolls to its end; on a desktop (1280
// px) the categories are picture cards and Just listed a three-column grid
// whose Load more works from the keyboard. A signed-out visitor is asked to
// log in instead, and a buyer who saw the feed finds it again offline.
import assert from 'node:assert/strict'
import { readFile, rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import { eventually, logIn, registerThroughApi, signedIn, watch, writePictures } from './support.mjs'

const seller = { name: 'Sol Seller', email: 'sol@home.test', password: 'seller password 1' }
const buyer = { name: 'Bo Buyer', email: 'bo@home.test', password: 'buyer password 1' }
const otherBuyer = { name: 'Ola Buyer', email: 'ola@home.test', password: 'buyer password 2' }

/** Listed oldest first: twelve pairs of a sofa and a lamp, then six more sofas. */
const listings = [
  ...Array.from({ length: 12 }, (_, i) => [
    { category: 'Sofas', product: `Sofa no. ${i + 1}` },
    { category: 'Lamps', product: `Lamp no. ${i + 1}` },
  ]).flat(),
  ...Array.from({ length: 6 }, (_, i) => ({ category: 'Sofas', product: `Sofa no. ${i + 13}` })),
]
const newestFirst = listings.map((l) => l.product).reverse()
const advertised = 'Lamp no. 1'
/** Booked by another buyer: Reserved, still counted and still listed. */
const reserved = 'Sofa no. 17'

let server, browser, pictures

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  await seed()
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

async function pictureForm(name) {
  const form = new FormData()
  form.append('image', new Blob([await readFile(pictures[name])], { type: 'image/png' }), `${name}.png`)
  return form
}

async function seed() {
  const admin = await signedIn(server.url, adminAccount)
  for (const [name, picture] of [
    ['Sofas', 'sofaCategory'],
    ['Lamps', 'lampCategory'],
  ]) {
    const form = await pictureForm(picture)
    form.append('name', name)
    await admin('POST', '/api/categories', form)
  }
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  await registerThroughApi(server.url, { ...otherBuyer, picture: pictures.buyer })
  const asSeller = await signedIn(server.url, seller)
  const ids = {}
  for (const [index, { category, product }] of listings.entries()) {
    const image = await asSeller('POST', '/api/images', await pictureForm(category === 'Sofas' ? 'sofa' : 'lamp'))
    const created = await asSeller('POST', '/api/products', {
      category,
      product,
      description: 'Clean and sound, from a smoke-free home.',
      image: image.url,
      condition: ['Excellent', 'Good', 'Fair'][index % 3],
      location: index % 2 ? 'Riverside' : 'Old Town',
      original_price: 300,
      resale_price: 40 + index,
      seller_phone: '+1 555 0100',
      purchase_year: 2019,
      use_period: '5 years',
    })
    ids[product] = created.id
  }
  await asSeller('POST', '/api/advertised', { product_id: ids[advertised] })
  const asOther = await signedIn(server.url, otherBuyer)
  await asOther('POST', '/api/booked', { product_id: ids[reserved], location: 'Riverside', buyer_phone: '+1 555 0199' })
}

async function open(width) {
  const context = await newContext(browser, server.url, width)
  const page = await context.newPage()
  return { context, page, watcher: watch(page) }
}

/** Just listed, its cards, and the offsets of the pages the page asked for. */
function feed(page) {
  const section = page.getByRole('region', { name: 'Just listed' })
  const offsets = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/products') offsets.push(url.searchParams.get('offset'))
  })
  return { section, cards: section.getByRole('article'), offsets }
}

async function cardNames(cards) {
  return cards.getByRole('heading', { level: 3 }).allInnerTexts()
}

/** Scrolls down as a person does (wheel turns, not a jump) until the end of the page. */
async function scrollToEnd(page) {
  for (let turns = 0; turns < 40; turns++) {
    const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2)
    if (atEnd) return
    const before = await page.evaluate(() => window.scrollY)
    await page.mouse.wheel(0, 600)
    // The wheel's scroll lands a moment later; below the end there is always more to scroll to.
    await page.waitForFunction((y) => window.scrollY > y, before)
  }
}

async function assertNoSideScroll(page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }))
  assert.ok(scroll <= width, `the page is ${scroll} px wide in a ${width} px window`)
}

test('on a phone, the categories with their counts, Advertised, then Just listed, which loads its next page on scrolling', async () => {
  const { context, page, watcher } = await open(360)
  await logIn(page, buyer)
  const { section, cards, offsets } = feed(page)
  await page.goto('/')

  // The categories: two to a row, each a compact line with its count.
  const sofas = page.getByRole('link', { name: /^Sofas\b/ })
  const lamps = page.getByRole('link', { name: /^Lamps\b/ })
  await sofas.getByText('18 listings').waitFor()
  await lamps.getByText('12 listings').waitFor()
  const [sofasBox, lampsBox] = [await sofas.boundingBox(), await lamps.boundingBox()]
  assert.equal(Math.round(sofasBox.y), Math.round(lampsBox.y), 'Lamps and Sofas share a row')
  assert.ok(sofasBox.height <= 72, `a category takes ${sofasBox.height} px`)

  // Advertised Products, then Just listed: the newest first, a Reserved one among them.
  const advertisedSection = page.getByRole('region', { name: 'Advertised Products' })
  await advertisedSection.getByRole('link', { name: advertised }).waitFor()
  await cards.nth(23).waitFor()
  assert.equal(await cards.count(), 24)
  assert.deepEqual(await cardNames(cards), newestFirst.slice(0, 24))
  await cards.filter({ hasText: reserved }).getByText('Reserved — join the queue').waitFor()
  await section.getByText('Showing 24 of 30').waitFor()
  const heading = (name) => page.getByRole('heading', { level: 2, name }).boundingBox()
  const [categoriesTop, advertisedTop, justListedTop] = [
    await heading('Categories'),
    await heading('Advertised Products'),
    await heading('Just listed'),
  ]
  assert.ok(categoriesTop.y < advertisedTop.y && advertisedTop.y < justListedTop.y, 'Categories, Advertised, Just listed')
  // Two cards to a row.
  const [first, second, third] = [
    await cards.nth(0).boundingBox(),
    await cards.nth(1).boundingBox(),
    await cards.nth(2).boundingBox(),
  ]
  assert.equal(Math.round(first.y), Math.round(second.y))
  assert.ok(third.y > first.y)
  assert.ok(!offsets.includes('24'), `pages asked for: ${offsets}`)

  // Scrolling down to the end brings the next page, without pressing anything.
  await scrollToEnd(page)
  await cards.nth(29).waitFor()
  assert.deepEqual(await cardNames(cards), newestFirst)
  assert.equal(offsets.filter((offset) => offset === '24').length, 1, `pages asked for: ${offsets}`)
  await section.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' })
  await assertNoSideScroll(page)
  await screenshots(page, 'home-phone', { widths: [360] })
  watcher.check()
  await context.close()
})

test('on a desktop, the categories are picture cards with counts and Just listed a grid; Load more works from the keyboard', async () => {
  const { context, page, watcher } = await open(1280)
  await logIn(page, buyer)
  const { section, cards, offsets } = feed(page)
  await page.goto('/')
  const sofas = page.getByRole('link', { name: /^Sofas\b/ })
  await sofas.getByText('18 listings').waitFor()
  await page
    .getByRole('link', { name: /^Lamps\b/ })
    .getByText('12 listings')
    .waitFor()
  assert.ok((await sofas.boundingBox()).height > 200, 'a category card shows its picture')

  await cards.nth(23).waitFor()
  const boxes = await Promise.all([0, 1, 2, 3].map((i) => cards.nth(i).boundingBox()))
  assert.equal(Math.round(boxes[0].y), Math.round(boxes[2].y), 'three cards to a row')
  assert.ok(boxes[3].y > boxes[0].y, 'the fourth card starts the next row')

  // A keyboard user reaches Load more without scrolling first (screenshots scroll: they come after).
  const loadMore = section.getByRole('button', { name: 'Load more' })
  await loadMore.focus()
  await page.keyboard.press('Enter')
  await cards.nth(29).waitFor()
  assert.deepEqual(await cardNames(cards), newestFirst)
  assert.equal(offsets.filter((offset) => offset === '24').length, 1, `pages asked for: ${offsets}`)
  await loadMore.waitFor({ state: 'detached' })
  await assertNoSideScroll(page)
  await screenshots(page, 'home-desktop', { widths: [1280] })

  // The categories page counts too.
  await page.goto('/categories')
  await page
    .getByRole('link', { name: /^Sofas\b/ })
    .getByText('18 listings')
    .waitFor()
  watcher.check()
  await context.close()
})

test('a signed-out visitor sees the counts and is asked to log in for Just listed; no listing is asked for', async () => {
  const { context, page, watcher } = await open(360)
  const { section, offsets } = feed(page)
  await page.goto('/')
  await page
    .getByRole('link', { name: /^Sofas\b/ })
    .getByText('18 listings')
    .waitFor()
  await section.getByRole('link', { name: 'Log in' }).click()
  await page.waitForURL((url) => url.pathname === '/login')
  assert.deepEqual(offsets, [])
  watcher.check()
  await context.close()
})

/** The saved answer of this query in IndexedDB (offline-store.ts), or undefined. */
function savedAnswer(page, key) {
  return page.evaluate(
    (key) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('rehome')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('queries')) return resolve(undefined)
          const all = db.transaction('queries').objectStore('queries').getAll()
          all.onsuccess = () => resolve(all.result.find((row) => row.key.join('/') === key)?.data)
          all.onerror = () => reject(all.error)
        }
      }),
    key,
  )
}

test('offline, a reload shows the pages of Just listed seen before, with their pictures', async () => {
  const { context, page, watcher } = await open(360)
  await logIn(page, buyer)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const { section, cards } = feed(page)
  await page.goto('/')
  await cards.nth(23).waitFor()
  await scrollToEnd(page)
  await cards.nth(29).waitFor()
  // Every picture drawn once online (the service worker keeps them), and both pages saved.
  await screenshots(page, 'home-phone-before-offline', { widths: [360] })
  await eventually(async () => {
    const saved = await savedAnswer(page, 'products/newest')
    assert.equal(saved?.pages?.length, 2, 'both pages of Just listed saved')
  }, 10_000)

  await context.setOffline(true)
  await page.reload()
  await page
    .getByRole('link', { name: /^Sofas\b/ })
    .getByText('18 listings')
    .waitFor()
  await cards.nth(29).waitFor()
  assert.deepEqual(await cardNames(cards), newestFirst)
  await eventually(async () => {
    const broken = await section.evaluate(async (element) => {
      for (const img of element.querySelectorAll('img')) img.scrollIntoView()
      return [...element.querySelectorAll('img')].filter((img) => !(img.complete && img.naturalWidth > 0)).map((img) => img.src)
    })
    assert.deepEqual(broken, [], `pictures not drawn offline: ${broken.join(', ')}`)
  }, 10_000)
  await screenshots(page, 'home-offline', { widths: [360] })
  watcher.check()
  await context.close()
})
