// The marketplace from end to end, one server for the file, the steps in
// order: the admin adds categories, a seller lists products, a buyer books and
// reports, the admin verifies, promotes and dismisses, the seller confirms the
// payment and the product is sold, the buyer logs out.
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  eventually,
  expectPath,
  expectToast,
  logIn,
  logOut,
  nextFrames,
  registerThroughApi,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@e2e.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@e2e.test', password: 'buyer password 1' }
const carol = { name: 'Carol Crafts', email: 'carol@e2e.test', password: 'carol password 1' }

const sofa = {
  category: 'Sofas',
  product: 'Teal velvet sofa',
  description: 'Three seats, deep cushions, no stains. Smoke-free home.',
  condition: 'Good',
  location: 'Riverside',
  resale_price: '240',
  original_price: '900',
  purchase_year: '2019',
  use_period: '4 years',
  picture: 'sofa',
}
const loveseat = {
  ...sofa,
  product: 'Rust loveseat',
  description: 'Two seats in rust corduroy. One small scuff on the left arm.',
  condition: 'Fair',
  location: 'Old Town',
  resale_price: '120.5',
  original_price: '450',
  purchase_year: '2016',
  use_period: '7 years',
  picture: 'armchair',
}
const lamp = {
  ...sofa,
  category: 'Lamps',
  product: 'Brass reading lamp',
  description: 'Adjustable arm, warm light. Bulb included.',
  condition: 'Excellent',
  location: 'Hillside',
  resale_price: '35',
  original_price: '80',
  purchase_year: '2022',
  use_period: '1 year',
  picture: 'lamp',
}

let server, browser, pictures
/** One signed-in browser profile per person, kept across the steps. */
const people = {}

async function personPage(key, width = 1280) {
  if (!people[key]) {
    const context = await newContext(browser, server.url, width)
    const page = await context.newPage()
    people[key] = { context, page, watcher: watch(page) }
  }
  return people[key]
}

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

const sidebar = (page) => page.getByRole('navigation', { name: 'Dashboard' })
const row = (page, text) => page.getByRole('row').filter({ hasText: text })
const card = (page, product) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: product, exact: true }) })

/**
 * Does `act` and waits until the dialog element has had the first of `events`
 * (cancel or close for Escape, click for its backdrop) and React has rendered
 * after it: a check then sees the dialog's answer, not a key that went elsewhere.
 */
async function dialogHandled(page, dialog, events, act) {
  // The element itself: once closed, the dialog's locator matches nothing.
  const element = await dialog.elementHandle()
  await element.evaluate((element, names) => {
    element.handled = new Promise((resolve) => {
      for (const name of names) element.addEventListener(name, (event) => event.target === element && resolve(name))
    })
  }, events)
  await act()
  await element.evaluate((element) => element.handled)
  await element.dispose()
  await nextFrames(page)
}

async function addProduct(page, product, { screenshot } = {}) {
  await sidebar(page).getByRole('link', { name: 'Add Product' }).click()
  await expectPath(page, '/dashboard/addproduct')
  const category = page.getByLabel('Category', { exact: true })
  await category.locator('option', { hasText: product.category }).waitFor({ state: 'attached' })
  await category.selectOption(product.category)
  await page.getByLabel('Product name').fill(product.product)
  await page.getByLabel('Description').fill(product.description)
  await page.getByLabel('Photos', { exact: true }).setInputFiles(pictures[product.picture])
  await page.getByLabel('Condition').selectOption(product.condition)
  await page.getByLabel('Location', { exact: true }).fill(product.location)
  await page.getByLabel('Resale price').fill(product.resale_price)
  await page.getByLabel('Original price').fill(product.original_price)
  await page.getByLabel('Purchase year').fill(product.purchase_year)
  await page.getByLabel('Use period').fill(product.use_period)
  await page.getByLabel('Phone for this listing').fill('+1 555 0101')
  // Seller name, verified state and email come from the account, read-only.
  assert.equal(await page.getByLabel('Seller name').inputValue(), seller.name)
  assert.equal(await page.getByLabel('Seller email').inputValue(), seller.email)
  assert.equal(await page.getByLabel('Seller email').getAttribute('readonly'), '')
  await page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem').waitFor()
  await page.getByText(/^Uploading photos/).waitFor({ state: 'hidden' })
  if (screenshot) await screenshots(page, screenshot)
  await page.getByRole('button', { name: 'Add Product' }).click()
  await expectToast(page, 'Product added successfully')
  await expectPath(page, `/dashboard/myproducts/${seller.email}`)
  await row(page, product.product).waitFor()
}

test('the admin, created with `rehome admin create`, adds categories', async () => {
  const { page, watcher } = await personPage('admin')
  await logIn(page, adminAccount)
  await expectPath(page, '/')

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()
  await screenshots(page, 'dashboard')

  // The lists start empty.
  await sidebar(page).getByRole('link', { name: 'All Sellers' }).click()
  await page.getByText('No Seller created').waitFor()
  await sidebar(page).getByRole('link', { name: 'All Buyers' }).click()
  await page.getByText('No buyer created').waitFor()
  await sidebar(page).getByRole('link', { name: 'Reported Item' }).click()
  await page.getByText('No reported items found').waitFor()
  await screenshots(page, 'reported-items-empty')

  await sidebar(page).getByRole('link', { name: 'Add Category' }).click()
  await expectPath(page, '/dashboard/addcategory')
  for (const [name, picture] of [
    ['Sofas', pictures.sofaCategory],
    ['Lamps', pictures.lampCategory],
  ]) {
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Image', { exact: true }).setInputFiles(picture)
    if (name === 'Sofas') {
      await page.getByRole('img', { name: 'Preview of the chosen picture' }).waitFor()
      await screenshots(page, 'add-category')
    }
    await page.getByRole('button', { name: 'Add Category' }).click()
    await expectToast(page, 'Category added successfully')
    // The form empties for the next one.
    await eventually(async () => assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), ''))
  }

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click()
  await page.getByRole('link', { name: /^Sofas\b/ }).waitFor()
  await page.getByRole('link', { name: /^Lamps\b/ }).waitFor()
  watcher.check()
})

test('a seller registers with a photo, adds products, sees them in My Products and their category, advertises one', async () => {
  const { page, watcher } = await personPage('seller')
  await page.goto('/register')
  await page.getByRole('heading', { name: 'Register' }).waitFor()

  // Nothing filled in: the spec's message under each required field (the picture is optional).
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await page.getByText('This field is required').first().waitFor()
  assert.equal(await page.getByText('This field is required').count(), 3)
  await screenshots(page, 'register-errors')

  await page.getByLabel('Name').fill(seller.name)
  await page.getByLabel('Image').setInputFiles(pictures.seller)
  await page.getByLabel('Email address').fill(seller.email)
  await page.getByRole('radio', { name: 'Sell' }).check()
  await page.getByLabel('Password').fill(seller.password)
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expectToast(page, 'User created successfully')
  await expectPath(page, '/')
  await page.getByRole('button', { name: 'Log Out', includeHidden: true }).first().waitFor({ state: 'attached' })

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()
  await sidebar(page).getByRole('link', { name: 'My Products' }).click()
  await expectPath(page, `/dashboard/myproducts/${seller.email}`)
  await page.getByText('You have no products for sale').waitFor()
  await screenshots(page, 'my-products-empty')

  await addProduct(page, sofa, { screenshot: 'add-product' })
  await addProduct(page, loveseat)
  await addProduct(page, lamp)

  const sofaRow = row(page, sofa.product)
  for (const text of [sofa.location, sofa.category, 'Available']) {
    await sofaRow.getByRole('cell', { name: text, exact: true }).waitFor()
  }

  await page.getByRole('button', { name: `Advertise ${sofa.product}` }).click()
  await expectToast(page, 'Advertised product in homepage')
  await screenshots(page, 'my-products')

  // The category lists them; a seller can't book or report their own listing.
  await page.goto('/categories/Sofas')
  await page.getByText('2 products found').waitFor()
  await card(page, sofa.product).getByText('This is your listing').waitFor()
  watcher.check()
})

test('a buyer registers, browses, books a product and reports another', async () => {
  const { page, watcher } = await personPage('buyer')
  await page.goto('/register')
  await page.getByLabel('Name').fill(buyer.name)
  await page.getByLabel('Image').setInputFiles(pictures.buyer)
  await page.getByLabel('Email address').fill(buyer.email)
  assert.equal(await page.getByRole('radio', { name: 'Buy' }).isChecked(), true)
  await page.getByLabel('Password').fill(buyer.password)
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expectToast(page, 'User created successfully')
  await expectPath(page, '/')

  // Home: categories and the advertised sofa.
  // The sofa is advertised, and may show in Just listed too.
  await page.getByRole('region', { name: 'Advertised Products' }).getByRole('link', { name: sofa.product }).waitFor()
  await page.getByRole('heading', { name: 'Shop Products' }).waitFor()
  await screenshots(page, 'home')

  await page.getByRole('link', { name: 'Explore', exact: true }).click()
  await expectPath(page, '/categories')
  await page.getByRole('link', { name: /^Lamps\b/ }).waitFor()
  await screenshots(page, 'categories')

  await page.getByRole('link', { name: /^Sofas\b/ }).click()
  await expectPath(page, '/categories/Sofas')
  await page.getByText('2 products found').waitFor()
  const sofaCard = card(page, sofa.product)
  await sofaCard.getByText('$240').waitFor()
  await sofaCard.getByText('$900').waitFor()
  await sofaCard.getByText(sofa.use_period).waitFor()
  // Listed today, as English writes a day of this year.
  await sofaCard.getByText(new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' }).format(new Date())).waitFor()
  assert.equal(await sofaCard.getByRole('img', { name: 'Verified seller' }).count(), 0)

  // The product page.
  await card(page, loveseat.product).getByRole('link', { name: loveseat.product }).click()
  await page.waitForURL(/\/products\/\d+$/)
  await page.getByRole('heading', { name: loveseat.product, level: 1 }).waitFor()
  await page.getByText(loveseat.description).waitFor()
  await screenshots(page, 'product')
  await page.goBack()

  // Book Now: location and phone to type, the product summed up in one line.
  await sofaCard.getByRole('button', { name: 'Book Now' }).click()
  const booking = page.getByRole('dialog', { name: `Book ${sofa.product}` })
  await booking.waitFor()
  const summary = booking.getByRole('group', { name: 'What you book' })
  await summary.getByText(sofa.product).waitFor()
  await summary.getByText('$240').waitFor()
  await summary.getByRole('img', { name: sofa.product }).waitFor()
  await booking.getByText(`Booking as ${buyer.name} (${buyer.email})`).waitFor()
  // Both typed fields are required.
  await booking.getByRole('button', { name: 'Confirm booking' }).click()
  assert.equal(await booking.getByText('This field is required', { exact: true }).count(), 2)
  await booking.getByRole('alert').getByText('Location: This field is required').waitFor()
  await booking.getByLabel('Location', { exact: true }).fill('Riverside station, north exit')
  await booking.getByLabel('Phone').fill('+1 555 0199')
  // Escape (or a click outside) does not throw away what was typed.
  await dialogHandled(page, booking, ['cancel', 'close'], () => page.keyboard.press('Escape'))
  assert.ok(await booking.isVisible(), 'the Book Now modal stays open on Escape')
  await dialogHandled(page, booking, ['cancel', 'close'], () => page.keyboard.press('Escape'))
  assert.ok(await booking.isVisible(), 'the Book Now modal stays open on a second Escape')
  await dialogHandled(page, booking, ['click'], () => page.mouse.click(5, 5))
  assert.ok(await booking.isVisible(), 'the Book Now modal stays open on a click outside')
  assert.equal(await booking.getByLabel('Phone').inputValue(), '+1 555 0199')
  await screenshots(page, 'book-now', { fullPage: false })
  await booking.getByRole('button', { name: 'Confirm booking' }).click()
  await expectToast(page, 'Booked successfully')
  await booking.waitFor({ state: 'hidden' })
  // The card now leads to the order instead of offering a second booking.
  await sofaCard.getByText('You booked this').waitFor()
  await sofaCard.getByRole('link', { name: 'View order' }).waitFor()
  assert.equal(await sofaCard.getByRole('button', { name: 'Book Now' }).count(), 0)

  // Report the other one, with a reason, from its page.
  await card(page, loveseat.product).getByRole('link', { name: loveseat.product }).click()
  await page.waitForURL(/\/products\/\d+$/)
  await page.getByRole('button', { name: 'Report this listing' }).click()
  const report = page.getByRole('dialog', { name: 'Report this product?' })
  await report.getByLabel('Reason (optional)').fill('The pictures show a different sofa.')
  await screenshots(page, 'report-dialog', { fullPage: false })
  await report.getByRole('button', { name: 'Report', exact: true }).click()
  await expectToast(page, 'Reported successfully')
  await report.waitFor({ state: 'hidden' })
  await page.getByRole('button', { name: 'Reported' }).waitFor()

  // My Orders, then the payment screen.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await sidebar(page).getByRole('link', { name: 'My Orders' }).click()
  await expectPath(page, '/dashboard/myorders')
  const order = row(page, sofa.product)
  await order.getByRole('cell', { name: '$240' }).waitFor()
  await order.getByText('Booked').waitFor()
  await screenshots(page, 'my-orders')
  // No card payments here: nothing to pay in the app, so no Pay.
  await order.getByText('Paid in person at pickup').waitFor()
  assert.equal(await order.getByRole('link', { name: /^Pay/ }).count(), 0)
  await order.getByRole('link', { name: `Details of ${sofa.product}` }).click()
  await page.waitForURL(/\/dashboard\/payment\/\d+$/)
  await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor()
  await page.getByRole('heading', { name: 'How to pay' }).waitFor()
  await screenshots(page, 'payment')
  watcher.check()
})

test('the admin verifies the seller (the tick shows on the cards), promotes a user, dismisses a report', async () => {
  const { page, watcher } = await personPage('admin')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await sidebar(page).getByRole('link', { name: 'All Sellers' }).click()
  await expectPath(page, '/dashboard/allsellers')
  await row(page, seller.name)
    .getByRole('button', { name: `Verify ${seller.name}` })
    .click()
  await page.getByRole('dialog', { name: 'Verify this seller?' }).getByRole('button', { name: 'Verify' }).click()
  await expectToast(page, 'Verified successfully')
  await row(page, seller.name).getByText('Verified').waitFor()
  assert.equal(await page.getByRole('button', { name: `Verify ${seller.name}` }).count(), 0)
  await screenshots(page, 'all-sellers')

  // The buyer sees the tick on the seller's cards.
  const shopper = await personPage('buyer')
  await shopper.page.goto('/categories/Sofas')
  await card(shopper.page, sofa.product).getByRole('img', { name: 'Verified seller' }).waitFor()
  await card(shopper.page, loveseat.product).getByRole('img', { name: 'Verified seller' }).waitFor()
  await screenshots(shopper.page, 'category')
  shopper.watcher.check()

  // Promote a user.
  await registerThroughApi(server.url, { ...carol, picture: pictures.buyer })
  await sidebar(page).getByRole('link', { name: 'All Users' }).click()
  await expectPath(page, '/dashboard/allusers')
  const carolRow = row(page, carol.email)
  await carolRow.getByRole('button', { name: `Make admin: ${carol.name}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Make this user an admin?' })
  await confirm.getByRole('button', { name: 'Make admin' }).click()
  await expectToast(page, 'Made admin successfully')
  await carolRow.getByText('Admin', { exact: true }).waitFor()
  assert.equal(await carolRow.getByRole('button', { name: `Make admin: ${carol.name}` }).count(), 0)
  await row(page, seller.email).getByText('Seller', { exact: true }).waitFor()
  await screenshots(page, 'all-users')

  await sidebar(page).getByRole('link', { name: 'All Buyers' }).click()
  await row(page, buyer.email).waitFor()
  await screenshots(page, 'all-buyers')

  // Dismiss the report.
  await sidebar(page).getByRole('link', { name: 'Reported Item' }).click()
  const reported = row(page, loveseat.product)
  await reported.getByRole('cell', { name: '$120.50' }).waitFor()
  await reported.getByText('The pictures show a different sofa.').waitFor()
  await screenshots(page, 'reported-items')
  await reported.getByRole('button', { name: `Dismiss the report on ${loveseat.product}` }).click()
  await page.getByRole('dialog', { name: 'Dismiss this report?' }).getByRole('button', { name: 'Dismiss' }).click()
  await expectToast(page, 'Report dismissed')
  await page.getByText('No reported items found').waitFor()
  watcher.check()
})

test('the seller sees the buyer in My Buyers and confirms the payment; the product shows Sold', async () => {
  const { page, watcher } = await personPage('seller')
  await page.goto('/dashboard')
  await sidebar(page).getByRole('link', { name: 'My Buyers' }).click()
  await expectPath(page, '/dashboard/mybuyers')
  const booking = row(page, buyer.email)
  for (const text of [buyer.name, '+1 555 0199', 'Riverside station, north exit', sofa.product, '$240']) {
    await booking.getByText(text).first().waitFor()
  }
  await booking.getByText('Booked', { exact: true }).waitFor()
  await screenshots(page, 'my-buyers')

  await booking.getByRole('button', { name: `Payment received from ${buyer.name} for ${sofa.product}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm the payment?' })
  await confirm.getByRole('button', { name: 'Payment received' }).click()
  await expectToast(page, 'Payment confirmed')
  await booking.getByText('Paid', { exact: true }).waitFor()
  await screenshots(page, 'my-buyers-paid')

  await sidebar(page).getByRole('link', { name: 'My Products' }).click()
  await row(page, sofa.product).getByText('Sold', { exact: true }).waitFor()
  await row(page, loveseat.product).getByText('Available', { exact: true }).waitFor()
  watcher.check()

  // The buyer's order is paid, the product page says Sold, the category no longer lists it.
  const shopper = await personPage('buyer')
  await shopper.page.goto('/dashboard/myorders')
  const order = row(shopper.page, sofa.product)
  await order.getByText('Paid', { exact: true }).waitFor()
  await order.getByRole('link', { name: `Details of ${sofa.product}` }).click()
  await shopper.page.getByRole('heading', { name: 'Paid' }).waitFor()
  await screenshots(shopper.page, 'payment-paid')
  await shopper.page.goto('/categories/Sofas')
  await shopper.page.getByText('1 product found').waitFor()
  assert.equal(await card(shopper.page, sofa.product).count(), 0)
  shopper.watcher.check()
})

test('Log Out returns home, and the dashboard then sends to /login', async () => {
  const { page, watcher } = await personPage('buyer')
  await logOut(page)
  await expectPath(page, '/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).waitFor()
  await page.goto('/dashboard')
  await expectPath(page, '/login')
  await page.getByRole('heading', { name: 'Login' }).waitFor()
  watcher.check()
})
