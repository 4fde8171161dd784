// How the screens feel on a phone and on a desktop, on a server of its own:
// Book Now keeps what stops a booking in view just above its Confirm bar (also
// with the on-screen keyboard taking half the screen), Register refuses a
// short password and a malformed email before sending anything and takes an
// account without a picture, and the admin lists search, count, and keep
// phone numbers and emails on one line. (The guards' messages are covered in
// navigation.test.mjs.)
import assert from 'node:assert/strict'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshotDir, screenshots, startServer } from './harness.mjs'
import { expectPath, expectToast, logIn, nextFrames, signedIn, watch, writePictures } from './support.mjs'

const seller = {
  name: 'Sol Seller',
  email: 'sol@e2e.test',
  password: 'sol password 1',
  role: 'Seller',
  phone: '+1 (555) 010-0101',
}
const buyer = { name: 'Bo Buyer', email: 'bo@e2e.test', password: 'bo password 1', role: 'Buyer', phone: '+1 (555) 010-0200' }
const chair = 'Rocking chair in solid oak with a woven seat'

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

async function pictureBlob(name) {
  return new Blob([await readFile(pictures[name])], { type: 'image/png' })
}

/** Registers an account with a phone number, through the API. */
async function registerWithPhone(account) {
  const form = new FormData()
  for (const key of ['name', 'email', 'password', 'role', 'phone']) form.append(key, account[key])
  form.append('image', await pictureBlob('buyer'), 'picture.png')
  const res = await fetch(`${server.url}/api/auth/register`, { method: 'POST', body: form })
  assert.equal(res.status, 201, await res.text())
}

/** One category, one listing with a long name, a seller and a buyer with phone numbers. */
async function seed() {
  const admin = await signedIn(server.url, adminAccount)
  const category = new FormData()
  category.append('name', 'Chairs')
  category.append('image', await pictureBlob('armchair'), 'chairs.png')
  await admin('POST', '/api/categories', category)
  await registerWithPhone(seller)
  await registerWithPhone(buyer)
  const asSeller = await signedIn(server.url, seller)
  const picture = new FormData()
  picture.append('image', await pictureBlob('armchair'), 'chair.png')
  const image = await asSeller('POST', '/api/images', picture)
  await asSeller('POST', '/api/products', {
    category: 'Chairs',
    product: chair,
    description: 'Rocks gently, no squeaks.',
    image: image.url,
    condition: 'Good',
    location: 'Riverside',
    original_price: 380,
    resale_price: '120',
    seller_phone: seller.phone,
    purchase_year: 2018,
    use_period: '6 years',
  })
}

async function open(width) {
  const context = await newContext(browser, server.url, width)
  const page = await context.newPage()
  return { context, page, watcher: watch(page) }
}

/** The element's box lies inside the viewport. */
async function assertInView(page, locator, what) {
  const box = await locator.boundingBox()
  const { height, width } = page.viewportSize()
  assert.ok(box, `${what} is shown`)
  assert.ok(
    box.y >= 0 && box.y + box.height <= height + 0.5,
    `${what} is inside the viewport (${JSON.stringify(box)}, ${width}×${height})`,
  )
}

/** a ends above where b begins. */
async function assertAbove(a, b, what) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()]
  assert.ok(boxA.y + boxA.height <= boxB.y + 0.5, `${what}: ${JSON.stringify(boxA)} above ${JSON.stringify(boxB)}`)
}

for (const width of [360, 1280]) {
  test(`at ${width} px, Book Now shows what stops the booking just above its Confirm bar`, async () => {
    const { context, page, watcher } = await open(width)
    await logIn(page, buyer)
    await page.goto('/categories/Chairs')
    await page.getByRole('button', { name: 'Book Now' }).click()
    const dialog = page.getByRole('dialog', { name: `Book ${chair}` })
    await dialog.waitFor()

    // Location and Phone first, then the product in one line.
    const location = dialog.getByLabel('Location', { exact: true })
    const phone = dialog.getByLabel('Phone')
    const summary = dialog.getByRole('group', { name: 'What you book' })
    await assertAbove(location, phone, 'Location before Phone')
    await assertAbove(phone, summary, 'the fields before the summary')
    await summary.getByText('$120').waitFor()

    // Nothing typed: the alert lists both fields, just above Confirm, in view.
    const confirm = dialog.getByRole('button', { name: 'Confirm booking' })
    await confirm.click()
    const alert = dialog.getByRole('alert')
    await alert.getByText('Location: This field is required').waitFor()
    await alert.getByText('Phone: This field is required').waitFor()
    await assertAbove(alert, confirm, 'the alert above Confirm')
    await assertInView(page, alert, 'the alert')
    await assertInView(page, confirm, 'Confirm')
    assert.equal(await location.getAttribute('aria-invalid'), 'true')
    await screenshots(page, 'book-now-required', { widths: [width], fullPage: false })

    // The server's own rule (at most 200 characters): its answer goes under the field and above Confirm.
    watcher.allowApi(422, '/api/booked')
    await location.fill('By the old mill, '.repeat(13))
    await phone.fill(buyer.phone)
    await confirm.click()
    await alert.getByText('Location: Use at most 200 characters').waitFor()
    await dialog.getByText('Use at most 200 characters', { exact: true }).waitFor()
    assert.equal(await location.getAttribute('aria-invalid'), 'true')
    await assertAbove(alert, confirm, 'the server error above Confirm')
    await assertInView(page, alert, 'the server error')
    await assertInView(page, confirm, 'Confirm with the server error')
    await screenshots(page, 'book-now-server-error', { widths: [width], fullPage: false })

    if (width < 600) {
      // The on-screen keyboard takes about half of a phone's screen: the
      // dialog scrolls, and the alert and Confirm stay at its bottom, in view.
      await page.setViewportSize({ width, height: 400 })
      await phone.focus()
      await nextFrames(page)
      await assertInView(page, alert, 'the alert with the keyboard up')
      await assertInView(page, confirm, 'Confirm with the keyboard up')
      await assertInView(page, phone, 'the focused field with the keyboard up')
      await assertAbove(phone, alert, 'the focused field clear of the alert')
      await page.screenshot({ path: join(screenshotDir, `book-now-keyboard-${width}.png`) })
      await page.setViewportSize({ width, height: 780 })
    }
    watcher.check()
    await context.close()
  })
}

for (const width of [360, 1280]) {
  test(`at ${width} px, the admin lists count and search, on one line per value`, async () => {
    const { context, page, watcher } = await open(width)
    await logIn(page, adminAccount)
    await page.goto('/dashboard/allusers')
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor()
    await page.getByText('3 users', { exact: true }).waitFor()

    const rows = page.getByRole('row').filter({ has: page.getByRole('cell') })
    if (width >= 768) {
      // Phone numbers and emails on one line; each row's four actions in one column (one row from 1536 px).
      for (const account of [seller, buyer]) {
        const row = rows.filter({ hasText: account.email })
        const single = await row.getByText(account.phone).boundingBox()
        const email = await row.getByText(account.email).boundingBox()
        assert.ok(single.height < 30, `${account.phone} is on one line (${single.height}px)`)
        assert.ok(email.height < 30, `${account.email} is on one line (${email.height}px)`)
        const [promote, reset, suspend, remove] = [
          await row.getByRole('button', { name: `Make admin: ${account.name}` }).boundingBox(),
          await row.getByRole('button', { name: `Make a password reset link for ${account.name}` }).boundingBox(),
          await row.getByRole('button', { name: `Suspend ${account.name}` }).boundingBox(),
          await row.getByRole('button', { name: `Delete ${account.name}` }).boundingBox(),
        ]
        // One column, each under the one before, so that no language's longer words push the table wider.
        const column = [promote, reset, suspend, remove]
        for (let i = 1; i < column.length; i++) {
          assert.ok(column[i].y >= column[i - 1].y + column[i - 1].height, `action ${i + 1} is under action ${i}`)
          assert.equal(
            Math.round(column[i].x + column[i].width),
            Math.round(column[0].x + column[0].width),
            `action ${i + 1} ends where action 1 does`,
          )
        }
      }
      const table = page.getByRole('table', { name: 'Users' })
      const fits = await table.evaluate((t) => t.parentElement.scrollWidth <= t.parentElement.clientWidth)
      assert.ok(fits || width < 1280, 'the table fits at 1280 px')
    }
    await screenshots(page, 'all-users-count', { widths: [width] })

    const search = page.getByRole('searchbox', { name: 'Search', exact: true })
    await search.fill('BO@')
    await page.getByText('1 of 3 users', { exact: true }).waitFor()
    assert.equal(await rows.count(), 1)
    await rows.filter({ hasText: buyer.email }).waitFor()
    await screenshots(page, 'all-users-search', { widths: [width] })

    for (const [path, count] of [
      ['/dashboard/allsellers', '1 seller'],
      ['/dashboard/allbuyers', '1 buyer'],
    ]) {
      await page.goto(path)
      await page.getByText(count, { exact: true }).waitFor()
    }
    watcher.check()
    await context.close()
  })
}

// Last: it adds an account, which the counts above do not expect.
test('at 360 px, Register refuses a short password and a malformed email before sending, and takes no picture', async () => {
  const { context, page, watcher } = await open(360)
  const sent = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/register') sent.push(request.method())
  })
  await page.goto('/register')
  await page.getByRole('group', { name: 'I mainly want to' }).waitFor()
  assert.equal(await page.getByRole('radio', { name: 'Buy' }).isChecked(), true)
  await page.getByText('Browse and book second-hand goods').waitFor()
  await page.getByText('List things you no longer need').waitFor()

  await page.getByLabel('Name', { exact: true }).fill('Nova Newcomer')
  await page.getByLabel('Email address').fill('nova@example')
  await page.getByLabel('Password').fill('seven77')
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await page.getByText('Enter a valid email address').waitFor()
  await page.getByText('Use at least 8 characters').waitFor()
  assert.equal(await page.getByLabel('Email address').getAttribute('aria-invalid'), 'true')
  assert.equal(await page.getByLabel('Password').getAttribute('aria-invalid'), 'true')
  await screenshots(page, 'register-refused', { widths: [360] })
  assert.deepEqual(sent, [], 'nothing was sent')

  // Without a picture: the initials stand in for it.
  await page.getByRole('img', { name: 'Your initials, shown while there is no picture' }).getByText('NN').waitFor()
  await page.getByLabel('Email address').fill('nova@example.com')
  await page.getByLabel('Password').fill('eight888')
  await page.getByRole('radio', { name: 'Sell' }).check()
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expectToast(page, 'User created successfully')
  await expectPath(page, '/')
  assert.deepEqual(sent, ['POST'])
  watcher.check()
  await context.close()
})
