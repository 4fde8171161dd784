// A person's own account, on a server of its own: changing one's password on
// Profile ends the account's other sessions; name and location edited at
// 360 px stay after a reload; a reset link an admin makes from All Users sets
// a new password, signs the person in, and the old password stops working;
// Active sessions lists both browsers and ends the other; Download my data
// gives the export; a buyer deletes their account at 360 px. This server
// sends no mail (mail.test.mjs has one that does).
import assert from 'node:assert/strict'
import { readFile, rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import { eventually, expectPath, expectToast, logIn, loginStatus, registerThroughApi, watch, writePictures } from './support.mjs'

const changer = { name: 'Cara Changer', email: 'cara@e2e.test', password: 'cara password 1' }
const editor = { name: 'Eli Editor', email: 'eli@e2e.test', password: 'eli password 1' }
const forgetter = { name: 'Fay Forgetful', email: 'fay@e2e.test', password: 'fay password 1' }
const traveller = { name: 'Tom Traveller', email: 'tom@e2e.test', password: 'tom password 1' }
const exporter = { name: 'Xia Exporter', email: 'xia@e2e.test', password: 'xia password 1' }
const leaver = { name: 'Lou Leaver', email: 'lou@e2e.test', password: 'lou password 1' }

let server, browser, pictures

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  for (const account of [changer, editor, forgetter, traveller, exporter, leaver]) {
    await registerThroughApi(server.url, { ...account, picture: pictures.buyer })
  }
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

async function open(width = 1280) {
  const context = await newContext(browser, server.url, width)
  const page = await context.newPage()
  return { context, page, watcher: watch(page) }
}

/**
 * A browser on the dashboard whose session ended elsewhere: the server
 * closes its event stream at once (and, shown again, it refetches and is
 * answered 401), so it says it was signed out and shows the login form,
 * which keeps saying so; then it asks nothing more that fails (its watcher
 * checks).
 */
async function signedOutThere({ page, watcher }) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
  await watcher.signedOutElsewhere()
  await expectPath(page, '/login')
  await page.getByLabel('Email', { exact: true }).waitFor()
}

const sidebar = (page) => page.getByRole('navigation', { name: 'Dashboard' })
const section = (page, name) => page.getByRole('region', { name })

test('changing the password on Profile signs the account out of its other browser, and the new password logs in', async () => {
  const here = await open(1280)
  const there = await open(1280)
  await logIn(here.page, changer)
  await logIn(there.page, changer)
  await there.page.goto('/dashboard')
  await there.page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()

  await here.page.goto('/dashboard')
  await sidebar(here.page).getByRole('link', { name: 'Profile' }).click()
  await expectPath(here.page, '/dashboard/profile')
  await here.page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
  const form = section(here.page, 'Change password')
  await form.getByLabel('Current password').fill(changer.password)
  await form.getByLabel('New password', { exact: true }).fill('cara new password')
  await form.getByLabel('Confirm new password').fill('cara new password')
  await form.getByRole('button', { name: 'Change password' }).click()
  await expectToast(here.page, 'Your password is changed. You are signed out everywhere else.')
  assert.equal(await form.getByLabel('Current password').inputValue(), '')
  // The other browser learns it the next time it asks the server on its own: here, looked at again.
  await signedOutThere(there)

  // This browser stays signed in.
  await here.page.reload()
  await here.page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
  await expectPath(here.page, '/dashboard/profile')

  // The other one is signed out.
  await there.page.goto('/dashboard')
  await expectPath(there.page, '/login')
  await logIn(there.page, { ...changer, password: 'cara new password' }, { goto: false })
  await expectPath(there.page, '/dashboard')
  await there.page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()
  assert.equal(await loginStatus(server.url, changer), 401)

  await here.page.getByRole('status').filter({ hasText: 'Your password is changed' }).waitFor({ state: 'hidden' })
  await screenshots(here.page, 'profile', { widths: [1280] })
  here.watcher.check()
  there.watcher.check()
  await Promise.all([here.context.close(), there.context.close()])
})

test('at 360 px, the buyer edits their name and location on Profile and sees them after a reload', async () => {
  const { context, page, watcher } = await open(360)
  await logIn(page, editor)
  await page.goto('/dashboard')
  await page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()
  await page.getByRole('button', { name: 'Dashboard menu' }).click()
  await sidebar(page).getByRole('link', { name: 'Profile' }).click()
  await expectPath(page, '/dashboard/profile')

  const details = section(page, 'Your details')
  assert.equal(await details.getByLabel('Email address').inputValue(), editor.email)
  assert.equal(await details.getByLabel('Email address').getAttribute('readonly'), '')
  await details.getByLabel('Name', { exact: true }).fill('Eli Edited')
  await details.getByLabel('Location (optional)').fill('Portland, Maine')
  await details.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Your details are saved')

  await page.reload()
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
  // The account kept on the device may be shown first; the server's follows.
  await eventually(async () => {
    assert.equal(await details.getByLabel('Name', { exact: true }).inputValue(), 'Eli Edited')
    assert.equal(await details.getByLabel('Location (optional)').inputValue(), 'Portland, Maine')
  })

  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ])
  assert.ok(scrollWidth <= clientWidth, `the page is ${scrollWidth}px wide in a ${clientWidth}px viewport`)
  await screenshots(page, 'profile', { widths: [360] })
  watcher.check()
  await context.close()
})

test("an admin's reset link from All Users sets a new password and signs the person in; the old one stops working", async () => {
  const admin = await open(1280)
  await logIn(admin.page, adminAccount)
  await admin.page.goto('/dashboard/allusers')
  await admin.page.getByRole('button', { name: `Make a password reset link for ${forgetter.name}` }).click()
  const dialog = admin.page.getByRole('dialog', { name: `Password reset link for ${forgetter.name}` })
  const url = await dialog.getByLabel('Reset link').inputValue()
  assert.match(url, /\/reset-password\?token=/)
  await screenshots(admin.page, 'reset-link-dialog', { widths: [1280], fullPage: false })
  await dialog.getByRole('button', { name: 'Close' }).click()
  admin.watcher.check()
  await admin.context.close()

  const person = await open(360)
  assert.equal(new URL(url).origin, server.url, 'the link points at this server')
  await person.page.goto(url)
  await person.page.getByRole('heading', { name: 'Reset your password' }).waitFor()
  await person.page.getByLabel('New password', { exact: true }).fill('fay new password')
  await person.page.getByLabel('Confirm new password').fill('fay new password')
  await person.page.getByRole('button', { name: 'Change password' }).click()
  await expectPath(person.page, '/dashboard')
  await person.page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()
  await person.page.getByText(`Signed in as ${forgetter.name}`).waitFor()

  assert.equal(await loginStatus(server.url, forgetter), 401)
  assert.equal(await loginStatus(server.url, { ...forgetter, password: 'fay new password' }), 200)
  person.watcher.check()
  await person.context.close()
})

test('Active sessions lists both browsers of the account, this one marked; ending the other signs it out', async () => {
  const here = await open(1280)
  const there = await open(1280)
  await logIn(here.page, traveller)
  await logIn(there.page, traveller)
  await there.page.goto('/dashboard')
  await there.page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()

  await here.page.goto('/dashboard/profile')
  const sessions = section(here.page, 'Active sessions')
  // Registering through the API signed in a session too, from no browser.
  const rows = sessions.getByRole('list', { name: 'Sessions' }).getByRole('listitem').filter({ hasText: 'Chrome on Linux' })
  await eventually(async () => assert.equal(await rows.count(), 2))
  assert.match(await rows.first().innerText(), /This device/)
  assert.doesNotMatch(await rows.nth(1).innerText(), /This device/)
  assert.equal(await sessions.getByText('This device', { exact: true }).count(), 1)
  // Without mail, the email cannot change here.
  await section(here.page, 'Email').getByText('Email changes need mail').waitFor()
  await screenshots(here.page, 'profile-sessions')

  // Both are headless Chromium on Linux; only the other one has a button.
  const end = rows.getByRole('button', { name: 'Sign out Chrome on Linux' })
  assert.equal(await end.count(), 1)
  await end.click()
  await expectToast(here.page, 'Signed out that device')
  await eventually(async () => assert.equal(await rows.count(), 1))
  await signedOutThere(there)

  await there.page.goto('/dashboard')
  await expectPath(there.page, '/login')

  // This one stays signed in.
  await here.page.reload()
  await here.page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
  await expectPath(here.page, '/dashboard/profile')
  here.watcher.check()
  there.watcher.check()
  await Promise.all([here.context.close(), there.context.close()])
})

test('Download my data saves a JSON file with the account in it', async () => {
  const { context, page, watcher } = await open(1280)
  await logIn(page, exporter)
  await page.goto('/dashboard/profile')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section(page, 'Your data').getByRole('link', { name: 'Download my data' }).click(),
  ])
  assert.match(download.suggestedFilename(), /^rehome-.*\.json$/)
  const data = JSON.parse(await readFile(await download.path(), 'utf8'))
  assert.equal(data.account.email, exporter.email)
  assert.equal(data.account.name, exporter.name)
  watcher.check()
  await context.close()
})

test('at 360 px, a buyer deletes their account with their password, lands on / signed out, and cannot log in again', async () => {
  const { context, page, watcher } = await open(360)
  await logIn(page, leaver)
  await page.goto('/dashboard/profile')
  await section(page, 'Leave Rehome').getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })

  // A wrong password is said under its input, and nothing is deleted.
  watcher.allowApi(422, '/api/auth/me')
  await dialog.getByLabel('Password').fill('not my password')
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await dialog.getByText('This is not your current password').waitFor()

  await dialog.getByLabel('Password').fill(leaver.password)
  await screenshots(page, 'delete-account-dialog', { widths: [360], fullPage: false })
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expectPath(page, '/')
  await expectToast(page, 'Your account was deleted')
  await page.getByRole('link', { name: 'Log In', includeHidden: true }).first().waitFor({ state: 'attached' })
  assert.equal(await page.getByRole('button', { name: 'Log Out', includeHidden: true }).count(), 0)

  await page.reload()
  await page.goto('/dashboard')
  await expectPath(page, '/login')
  assert.equal(await loginStatus(server.url, leaver), 401)
  watcher.check()
  await context.close()
})

test('without mail, Forgot password? says to ask an admin for a link', async () => {
  const { context, page, watcher } = await open(360)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expectPath(page, '/forgot-password')
  await page.getByText('This marketplace cannot send email').waitFor()
  assert.equal(await page.getByLabel('Email').count(), 0)
  watcher.check()
  await context.close()
})
