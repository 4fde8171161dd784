// "Sign in with Google" through a local OpenID Connect provider: the button,
// the round trip with state, nonce and PKCE, and the way back signed in.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { launchBrowser, newContext, screenshots, startProvider, startServer } from './harness.mjs'
import { expectPath, watch } from './support.mjs'

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
