// The admin's audit log, on a server of its own: the admin adds a category
// and verifies a seller through the UI, then opens Audit log from the
// dashboard and finds both, newest first, with who did them and to whom; at
// 1280 px as a table, at 360 px as cards reached by keyboard, without
// scrolling sideways.
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import { eventually, expectPath, expectToast, logIn, registerThroughApi, watch, writePictures } from './support.mjs'

const seller = { name: 'Sol Seller', email: 'sol@e2e.test', password: 'sol password 1', role: 'Seller' }

let server, browser, pictures

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  await registerThroughApi(server.url, { ...seller, picture: pictures.seller })
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

async function open(width) {
  const context = await newContext(browser, server.url, width)
  const page = await context.newPage()
  return { context, page, watcher: watch(page) }
}

const sidebar = (page) => page.getByRole('navigation', { name: 'Dashboard' })
const entries = (page) =>
  page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })

/** The two entries, the seller's verification first, each naming the admin who did it. */
async function assertBothEntries(page) {
  await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()
  await page.getByText('2 entries', { exact: true }).waitFor()
  const rows = entries(page)
  assert.equal(await rows.count(), 2)
  const [verification, category] = [rows.nth(0), rows.nth(1)]

  await verification.getByText('Verified seller', { exact: true }).waitFor()
  await verification.getByText(`${seller.name} <${seller.email}>`, { exact: true }).waitFor()
  await category.getByText('Added category', { exact: true }).waitFor()
  await category.getByText('Sofas', { exact: true }).waitFor()
  for (const row of [verification, category]) {
    await row.getByText(adminAccount.name, { exact: true }).waitFor()
    await row.getByText(adminAccount.email, { exact: true }).waitFor()
    assert.equal(await row.getByText('(account deleted)').count(), 0)
  }

  // Each says when, as a machine-readable time; the newer one first.
  const [newer, older] = await Promise.all([verification, category].map((row) => row.locator('time').getAttribute('datetime')))
  assert.ok(!Number.isNaN(Date.parse(newer)) && !Number.isNaN(Date.parse(older)), `times ${newer}, ${older}`)
  assert.ok(Date.parse(newer) >= Date.parse(older), `${newer} is not before ${older}`)
  assert.ok(Math.abs(Date.now() - Date.parse(newer)) < 10 * 60_000, `${newer} is about now`)
}

/** Nothing on the page is wider than the viewport. */
async function assertNoSidewaysScroll(page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ])
  assert.ok(scrollWidth <= clientWidth, `the page is ${scrollWidth}px wide in a ${clientWidth}px viewport`)
}

test('at 1280 px, the admin adds a category and verifies a seller, and the audit log shows both, newest first', async () => {
  const { context, page, watcher } = await open(1280)
  await logIn(page, adminAccount)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()

  // Nothing done yet.
  await sidebar(page).getByRole('link', { name: 'Audit log' }).click()
  await expectPath(page, '/dashboard/audit')
  await page.getByText('No admin actions yet').waitFor()

  await sidebar(page).getByRole('link', { name: 'Add Category' }).click()
  await expectPath(page, '/dashboard/addcategory')
  await page.getByLabel('Name', { exact: true }).fill('Sofas')
  await page.getByLabel('Image', { exact: true }).setInputFiles(pictures.sofaCategory)
  await page.getByRole('button', { name: 'Add Category' }).click()
  await expectToast(page, 'Category added successfully')
  await eventually(async () => assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), ''))

  await sidebar(page).getByRole('link', { name: 'All Sellers' }).click()
  await expectPath(page, '/dashboard/allsellers')
  await page.getByRole('button', { name: `Verify ${seller.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Verify this seller?' })
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click()
  await expectToast(page, 'Verified successfully')

  await sidebar(page).getByRole('link', { name: 'Audit log' }).click()
  await expectPath(page, '/dashboard/audit')
  await assertBothEntries(page)

  // A table with a column for each of when, who, what and whom, fitting the screen.
  const headers = await page.getByRole('table', { name: 'Audit log' }).getByRole('columnheader').allTextContents()
  assert.deepEqual(headers, ['When', 'Admin', 'Action', 'Target'])
  const fits = await page
    .getByRole('table', { name: 'Audit log' })
    .evaluate((t) => t.parentElement.scrollWidth <= t.parentElement.clientWidth)
  assert.ok(fits, 'the table fits at 1280 px')
  await assertNoSidewaysScroll(page)
  // The toasts of the two actions gone, so that they do not cover the screenshot.
  for (const text of ['Category added successfully', 'Verified successfully']) {
    await page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'hidden' })
  }
  await screenshots(page, 'audit-log', { widths: [1280] })
  watcher.check()
  await context.close()
})

test('at 360 px, the audit log opens from the folded dashboard menu by keyboard, as cards that fit the screen', async () => {
  const { context, page, watcher } = await open(360)
  await logIn(page, adminAccount)
  await page.goto('/dashboard')
  await page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()

  const toggle = page.getByRole('button', { name: 'Dashboard menu' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  const link = sidebar(page).getByRole('link', { name: 'Audit log' })
  await link.waitFor()
  await link.focus()
  await page.keyboard.press('Enter')
  await expectPath(page, '/dashboard/audit')
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false')

  await assertBothEntries(page)
  const first = entries(page).first()
  const box = await first.boundingBox()
  assert.ok(box.x >= 0 && box.x + box.width <= 360 + 0.5, `the card fits the screen (${JSON.stringify(box)})`)
  await assertNoSidewaysScroll(page)
  await screenshots(page, 'audit-log', { widths: [360] })
  watcher.check()
  await context.close()
})
