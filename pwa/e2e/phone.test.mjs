// The marketplace on a phone (360 px): the home page's first screen shows a
// search field and listings, dashboard lists are cards, a conversation is a
// chat screen whose composer stays in view, a pickup time can be declined or
// answered with another, and the search filters' sheet stays open while
// boxes are ticked and catches bad values as they are typed. Each screen
// passes axe-core at 360 and 1280 px; the desktop's account menu too.
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  expectAccessible,
  expectPath,
  isFocused,
  logIn,
  nextFrames,
  pictureForm,
  registerThroughApi,
  signedIn,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@phone.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@phone.test', password: 'buyer password 1' }

let server, browser, pictures, sam, bea
const products = []
let conversationId

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  const admin = await signedIn(server.url, adminAccount)
  for (const name of ['Tables', 'Sofas', 'Lamps'])
    await admin('POST', '/api/categories', await pictureForm({ name }, pictures.sofaCategory))
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  sam = await signedIn(server.url, seller)
  bea = await signedIn(server.url, buyer)
  const image = await sam('POST', '/api/images', await pictureForm({}, pictures.sofa))
  for (const [category, product, price] of [
    ['Tables', 'Oak table', 120],
    ['Sofas', 'Teal velvet sofa', 240],
    ['Lamps', 'Brass floor lamp', 35],
  ]) {
    products.push(
      await sam('POST', '/api/products', {
        category,
        product,
        description: 'Well kept, from a smoke-free home.',
        image: image.url,
        condition: 'Good',
        location: 'Riverside',
        original_price: price * 3,
        resale_price: price,
        seller_phone: '+1 555 0101',
        purchase_year: 2019,
        use_period: '5 years',
      }),
    )
  }
  const booking = await bea('POST', '/api/booked', {
    product_id: products[0].id,
    location: 'Riverside',
    buyer_phone: '+1 555 0102',
  })
  const first = await bea('POST', `/api/booked/${booking.id}/messages`, { text: 'Hello! When could I pick it up?' })
  conversationId = first.conversation_id
  for (let i = 1; i <= 12; i++) {
    await (i % 2 ? sam : bea)('POST', `/api/conversations/${conversationId}/messages`, {
      text: `Message number ${i} about the table.`,
    })
  }
  await sam('POST', `/api/conversations/${conversationId}/messages`, {
    text: '',
    pickup_at: new Date(Date.now() + 48 * 3600_000).toISOString(),
  })
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

/** A signed-in phone (360 × 740) for a test. */
async function phone(account) {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  await page.setViewportSize({ width: 360, height: 740 })
  const watcher = watch(page)
  await logIn(page, account)
  return { context, page, watcher }
}

/** Runs axe-core at 360 and at 1280 px, and comes back to 360. */
async function accessibleAtBothWidths(page, what) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width < 600 ? 740 : 900 })
    await nextFrames(page)
    await expectAccessible(page, `${what} at ${width} px`)
  }
}

test('the home page on a phone: a search field and listings on the first screen', async () => {
  const { context, page, watcher } = await phone(buyer)
  await page.goto('/')
  const search = page.getByRole('search', { name: 'Listings' }).getByRole('searchbox', { name: 'Search listings' })
  await search.waitFor()
  const card = page.getByRole('article').first()
  await card.waitFor()
  const box = await card.boundingBox()
  assert.ok(box.y < 740, `the first listing starts at ${box.y} px, below the first screen`)
  const field = await search.boundingBox()
  assert.ok(field.y + field.height <= 740, 'the search field is on the first screen')
  await screenshots(page, 'phone-home', { widths: [360], fullPage: false })
  await accessibleAtBothWidths(page, 'the home page')

  await search.fill('lamp')
  await search.press('Enter')
  await expectPath(page, '/search')
  await page.getByRole('heading', { level: 1, name: 'Results for “lamp”' }).waitFor()

  await page.goto('/categories')
  await page.getByRole('link', { name: /^Sofas\b/ }).waitFor()
  await accessibleAtBothWidths(page, '/categories')
  watcher.check()
  await context.close()
})

/** Whether a table shows as cards: its rows are blocks, its header row is visually hidden. */
async function shownAsCards(table) {
  return table.evaluate((element) => {
    const row = element.querySelector('tbody tr')
    const head = element.querySelector('thead')
    return getComputedStyle(row).display !== 'table-row' && head.getBoundingClientRect().height <= 1
  })
}

test('dashboard lists are cards on a phone, a table on a wide screen; My Products rows link to their listings', async () => {
  const buyerPhone = await phone(buyer)
  await buyerPhone.page.goto('/dashboard/myorders')
  const orders = buyerPhone.page.getByRole('table', { name: 'My orders' })
  await orders.getByRole('cell').filter({ hasText: 'Oak table' }).first().waitFor()
  assert.ok(await shownAsCards(orders), 'My Orders are cards at 360 px')
  // No card payments here: the order says how it is paid, and links to its details.
  await orders.getByRole('cell').filter({ hasText: 'Paid in person at pickup' }).first().waitFor()
  await orders.getByRole('link', { name: 'Details of Oak table' }).waitFor()
  await orders.getByRole('button', { name: 'Cancel booking of Oak table' }).waitFor()
  await screenshots(buyerPhone.page, 'phone-my-orders', { widths: [360] })
  await accessibleAtBothWidths(buyerPhone.page, 'My Orders')
  await buyerPhone.page.setViewportSize({ width: 1280, height: 900 })
  await nextFrames(buyerPhone.page)
  assert.equal(await shownAsCards(orders), false, 'My Orders are a table at 1280 px')
  buyerPhone.watcher.check()
  await buyerPhone.context.close()

  const sellerPhone = await phone(seller)
  const { page } = sellerPhone
  await page.goto(`/dashboard/myproducts/${seller.email}`)
  const mine = page.getByRole('table', { name: 'My products' })
  await mine.getByRole('link', { name: 'Brass floor lamp', exact: true }).waitFor()
  assert.ok(await shownAsCards(mine), 'My Products are cards at 360 px')
  await screenshots(page, 'phone-my-products', { widths: [360] })
  await accessibleAtBothWidths(page, 'My Products')

  await page.goto('/dashboard/mybuyers')
  const bookings = page.getByRole('table', { name: 'Bookings on my products' })
  await bookings.getByRole('link', { name: 'Message the buyer, Bea Buyer, about Oak table' }).waitFor()
  assert.ok(await shownAsCards(bookings), 'My Buyers are cards at 360 px')
  await screenshots(page, 'phone-my-buyers', { widths: [360] })
  await accessibleAtBothWidths(page, 'My Buyers')

  await page.goto(`/dashboard/myproducts/${seller.email}`)
  await mine.getByRole('link', { name: 'Teal velvet sofa', exact: true }).click()
  await expectPath(page, `/products/${products[1].id}`)
  await page.getByRole('heading', { level: 1, name: 'Teal velvet sofa' }).waitFor()
  sellerPhone.watcher.check()
  await sellerPhone.context.close()

  const adminPhone = await phone(adminAccount)
  await adminPhone.page.goto('/dashboard/allusers')
  const users = adminPhone.page.getByRole('table', { name: /users/i })
  await users.getByRole('button', { name: `Make admin: ${buyer.name}` }).waitFor()
  assert.ok(await shownAsCards(users), 'All users are cards at 360 px')
  await screenshots(adminPhone.page, 'phone-all-users', { widths: [360] })
  adminPhone.watcher.check()
  await adminPhone.context.close()
})

test('a conversation on a phone is a chat screen; a pickup time is declined, then answered with another', async () => {
  const { context, page, watcher } = await phone(buyer)
  await page.goto(`/dashboard/messages/${conversationId}`)
  const messages = page.getByRole('list', { name: 'Messages' })
  await messages.getByText('Message number 12 about the table.').waitFor()
  const composer = page.getByLabel('Message to Sam Seller')
  await composer.waitFor()
  const box = await composer.boundingBox()
  assert.ok(box.y + box.height <= 740, `the composer ends at ${box.y + box.height} px, below the screen`)
  assert.equal(await page.getByRole('contentinfo').isVisible(), false, 'no footer under the chat')
  const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, height: innerHeight }))
  assert.ok(page_.scroll <= page_.height, `the page itself does not scroll (${page_.scroll} > ${page_.height})`)
  // The messages scroll, the newest in view.
  const scroller = page.getByTestId('thread-messages')
  assert.ok(await scroller.evaluate((element) => element.scrollHeight > element.clientHeight), 'the messages scroll')
  await screenshots(page, 'phone-chat', { widths: [360], fullPage: false })
  await accessibleAtBothWidths(page, 'a conversation')

  const decline = messages.getByRole('button', { name: /^Decline pickup at / })
  await decline.click()
  const declined = messages.getByRole('listitem').filter({ has: page.getByText('Declined', { exact: true }) })
  await declined.waitFor()
  assert.equal(await messages.getByRole('button', { name: /^(Accept|Decline) pickup at / }).count(), 0)
  const proposals = (await sam('GET', `/api/conversations/${conversationId}/messages`)).items.filter((m) => m.pickup_at)
  assert.equal(proposals.at(-1).declined, true)

  // Sam proposes again; Bea suggests another time, which supersedes Sam's.
  await sam('POST', `/api/conversations/${conversationId}/messages`, {
    text: '',
    pickup_at: new Date(Date.now() + 72 * 3600_000).toISOString(),
  })
  await page.reload()
  await messages.getByRole('button', { name: 'Suggest another time' }).click()
  const time = page.getByLabel('Pickup time')
  await time.waitFor()
  assert.ok(await isFocused(time), 'the time field has the focus')
  const later = new Date(Date.now() + 96 * 3600_000)
  const local = new Date(later.getTime() - later.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
  await time.fill(local)
  await page.getByRole('button', { name: 'Propose pickup' }).click()
  await messages.getByText('Waiting for Sam Seller to answer').waitFor()
  await messages.getByText('Another time was proposed after this one').waitFor()
  await screenshots(page, 'phone-chat-pickup', { widths: [360], fullPage: false })

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('navigation', { name: 'Conversations' }).waitFor()
  assert.ok(await page.getByRole('navigation', { name: 'Conversations' }).isVisible(), 'the list beside the thread at 1280 px')
  watcher.check()
  await context.close()
})

test('search filters on a phone: ticking keeps the sheet open, bad values are caught as typed', async () => {
  const { context, page, watcher } = await phone(buyer)
  await page.goto('/search')
  await page.getByRole('article').first().waitFor()
  await page.getByRole('button', { name: 'Filters' }).click()
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await sheet.getByRole('checkbox', { name: 'Good' }).check()
  await sheet.getByRole('checkbox', { name: 'Fair' }).check()
  assert.ok(await sheet.isVisible(), 'the sheet stays open')
  assert.equal(new URL(page.url()).search, '')
  const apply = await sheet.getByRole('button', { name: 'Apply filters' }).boundingBox()
  assert.ok(apply.y + apply.height <= 740, `Apply ends at ${apply.y + apply.height} px, below the screen`)

  const min = sheet.getByLabel('Min price')
  await min.fill('-5')
  await sheet.getByText('Use an amount of 0 or more').waitFor()
  await min.fill('100')
  await sheet.getByLabel('Max price').fill('50')
  await sheet.getByText('Must be at least the lowest price').waitFor()
  await screenshots(page, 'phone-search-filters', { widths: [360], fullPage: false })
  await expectAccessible(page, 'search with the filters open at 360 px')
  await sheet.getByRole('button', { name: 'Apply filters' }).click()
  assert.ok(await isFocused(sheet.getByLabel('Max price')), 'Apply puts the focus on the field to fix')
  assert.ok(await sheet.isVisible())

  await sheet.getByLabel('Max price').fill('300')
  await sheet.getByRole('button', { name: 'Apply filters' }).click()
  await sheet.waitFor({ state: 'hidden' })
  assert.equal(new URL(page.url()).search, '?condition=Good&condition=Fair&min_price=100&max_price=300')
  await page.getByRole('status').filter({ hasText: '2 results' }).waitFor()

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('complementary', { name: 'Filters' }).waitFor()
  await expectAccessible(page, 'search with the filters beside the results at 1280 px')
  watcher.check()
  await context.close()
})

test('on a wide screen Log Out is in the account menu, which Escape closes', async () => {
  const context = await newContext(browser, server.url, 1280)
  const page = await context.newPage()
  const watcher = watch(page)
  await logIn(page, buyer)
  const nav = page.getByRole('navigation', { name: 'Main' })
  const account = nav.getByRole('button', { name: buyer.name })
  assert.equal(await account.getAttribute('aria-expanded'), 'false')
  assert.equal(await nav.getByRole('button', { name: 'Log Out' }).isVisible(), false)
  await account.click()
  await nav.getByRole('link', { name: 'Profile' }).waitFor()
  await nav.getByRole('button', { name: 'Log Out' }).waitFor()
  await screenshots(page, 'account-menu', { widths: [1280], fullPage: false })
  await expectAccessible(page, 'the account menu open')
  await page.keyboard.press('Escape')
  await nav.getByRole('button', { name: 'Log Out' }).waitFor({ state: 'hidden' })
  assert.ok(await isFocused(account), 'the focus is back on the account button')

  await account.click()
  await nav.getByRole('button', { name: 'Log Out' }).click()
  await expectPath(page, '/')
  await nav.getByRole('link', { name: 'Log In' }).waitFor()
  watcher.check()
  await context.close()
})
