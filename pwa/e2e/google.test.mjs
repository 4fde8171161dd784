// "Sign in with Google" through a local OpenID Connect provider: the button,
// the round trip with state, nonce and PKCE, and the way back signed in; the
// owner of an email taking over the account someone else made with it; and
// an account with a password and a proven email, which only its password
// links to Google.
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { launchBrowser, newContext, screenshots, startMailSink, startProvider, startServer } from './harness.mjs'
import { eventually, expectPath, expectToast, loginStatus, registerThroughApi, watch, writePictures } from './support.mjs'

let provider, server, browser

before(async () => {
  provider = await startProvider()
  ;[server, browser] = await Promise.all([startServer({ google: provider }), launchBrowser()])
})

after(async () => {
  await browser?.close()
  await server?.stop()
  await provider?.stop()
})

test('a visitor signs in with Google at 360 px and lands back where they were going, signed in as a Buyer', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  await page.goto('/dashboard/myorders')
  await expectPath(page, '/login')
  const google = page.getByRole('link', { name: 'Sign in with google' })
  await google.waitFor()
  await screenshots(page, 'login-with-google')
  await google.click()
  await expectPath(page, '/dashboard/myorders')
  await page.getByRole('heading', { name: 'My Orders' }).waitFor()

  const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))
  assert.equal(me.email, 'jane.doe@example.com')
  assert.equal(me.name, 'Jane Doe')
  assert.equal(me.role, 'Buyer')

  // The register screen offers it too.
  const other = await newContext(browser, server.url, 1280)
  const registerPage = await other.newPage()
  await registerPage.goto('/register')
  await registerPage.getByRole('link', { name: 'Register with google' }).waitFor()
  await other.close()
  watcher.check()
  await context.close()
})

test("Google's person takes over the account someone made with their email, is told the old password is gone, and sets one", async (t) => {
  // A server of its own: on the first, Jane's Google account made a Buyer already.
  const [fresh, pictures] = await Promise.all([startServer({ google: provider }), writePictures()])
  t.after(async () => {
    await fresh.stop()
    await rm(pictures.dir, { recursive: true, force: true })
  })
  const squatter = { name: 'Sly Squatter', email: 'jane.doe@example.com', password: 'squatter password' }
  await registerThroughApi(fresh.url, { ...squatter, picture: pictures.buyer })
  assert.equal(await loginStatus(fresh.url, squatter), 200)

  const context = await newContext(browser, fresh.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Sign in with google' }).click()
  await expectPath(page, '/dashboard/profile')
  await page.getByRole('status').filter({ hasText: 'the password it had was removed' }).waitFor()
  await screenshots(page, 'profile-password-removed')
  assert.equal(await loginStatus(fresh.url, squatter), 401)

  const form = page.getByRole('region', { name: 'Set a password' })
  await form.getByLabel('New password', { exact: true }).fill('jane own password')
  await form.getByLabel('Confirm new password').fill('jane own password')
  await form.getByRole('button', { name: 'Set password' }).click()
  await expectToast(page, 'Your password is set. You can log in with it.')
  await page.getByRole('region', { name: 'Change password' }).waitFor()
  assert.equal(await loginStatus(fresh.url, { email: squatter.email, password: 'jane own password' }), 200)
  watcher.check()
  await context.close()
})

test('an account with a password and a proven email asks for its password before Google opens it, then Google alone does', async (t) => {
  const mail = await startMailSink()
  const [fresh, pictures] = await Promise.all([startServer({ google: provider, mail }), writePictures()])
  t.after(async () => {
    await fresh.stop()
    await mail.stop()
    await rm(pictures.dir, { recursive: true, force: true })
  })
  // Made with a password; the "Confirm your email" link mailed at sign-up proves the address.
  const account = { name: 'Jane Doe', email: 'jane.doe@example.com', password: 'jane password 1' }
  await registerThroughApi(fresh.url, { ...account, picture: pictures.buyer })
  const confirm = await eventually(async () => {
    const link = (await mail.messages(account.email))
      .map((message) => message.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === '/confirm-email'))
      .find(Boolean)
    assert.ok(link, 'no confirmation link mailed yet')
    return new URL(link)
  }, 15_000)
  const confirmed = await fetch(`${fresh.url}/api/auth/email/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: confirm.searchParams.get('token') }),
  })
  assert.equal(confirmed.status, 200)

  const context = await newContext(browser, fresh.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  await page.goto('/dashboard/myorders')
  await expectPath(page, '/login')
  await page.getByRole('link', { name: 'Sign in with google' }).click()
  await expectPath(page, '/link-google')
  await page.getByText('An account with this email (jane.doe@example.com) exists. Enter its password to link Google.').waitFor()
  await page.getByRole('link', { name: 'Forgot password?' }).waitFor()
  await screenshots(page, 'link-google')
  const nobody = await page.evaluate(() => fetch('/api/auth/me').then((r) => (r.status === 204 ? null : r.json())))
  assert.equal(nobody, null, 'Google alone signed someone in')

  watcher.allowApi(401, '/api/auth/google/link')
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Link Google and sign in' }).click()
  await page.getByText('This is not the password of the account with this email').first().waitFor()
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Link Google and sign in' }).click()
  await expectPath(page, '/dashboard/myorders')
  await page.getByRole('heading', { name: 'My Orders' }).waitFor()
  const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))
  assert.equal(me.email, account.email)
  assert.equal(me.has_password, true)
  watcher.check()
  await context.close()

  // Linked: the next sign-in with Google goes straight in, and the password still works.
  const later = await newContext(browser, fresh.url, 1280)
  const again = await later.newPage()
  await again.goto('/login')
  await again.getByRole('link', { name: 'Sign in with google' }).click()
  await expectPath(again, '/')
  const meAgain = await again.evaluate(() => fetch('/api/auth/me').then((r) => r.json()))
  assert.equal(meAgain.email, account.email)
  assert.equal(await loginStatus(fresh.url, account), 200)
  await later.close()
})
