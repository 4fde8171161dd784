// The API's reference page: from the footer of the app, with its service
// worker in charge, "API" opens the server's page, where Scalar renders the
// OpenAPI document under the policy of that page alone; the worker keeps
// none of Scalar.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import { expectPath, watch } from './support.mjs'

let server, browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

test('at 1280 px, the footer’s API link opens the reference, which renders the document', async () => {
  const context = await newContext(browser, server.url, 1280)
  const page = await context.newPage()
  const watcher = watch(page)
  try {
    await page.goto('/')
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

    await page.getByRole('contentinfo').getByRole('link', { name: 'API' }).click()
    await expectPath(page, '/docs/api')
    await page.getByText('Search the products').first().waitFor()
    assert.equal(await page.title(), 'API reference · Rehome')
    await screenshots(page, 'api-reference', { widths: [1280], fullPage: false })

    await page.getByRole('link', { name: 'Back to Rehome' }).click()
    await expectPath(page, '/')
    await page.getByRole('contentinfo').waitFor()
    const kept = await page.evaluate(async () => {
      const urls = []
      for (const name of await caches.keys()) urls.push(...(await (await caches.open(name)).keys()).map((request) => request.url))
      return urls
    })
    assert.ok(kept.length > 0, 'the service worker keeps the app')
    assert.deepEqual(
      kept.filter((url) => new URL(url).pathname.startsWith('/docs/')),
      [],
    )
    watcher.check()
  } finally {
    await context.close()
  }
})

test("the app's pages keep their own policy", async () => {
  const [app, reference] = await Promise.all(['/', '/docs/api'].map((path) => fetch(server.url + path)))
  const appPolicy = app.headers.get('content-security-policy')
  assert.match(appPolicy, /script-src 'self';/)
  assert.notEqual(reference.headers.get('content-security-policy'), appPolicy)
  assert.match(await reference.text(), /<script src="\/docs\/scalar\.js"><\/script>/)
})
