// The API's reference page: from the footer of the app, with its service
// worker in charge, "API" opens the server's page, where Scalar renders the
// OpenAPI document with nothing refused by the page's policy; the app itself
// never loads Scalar, and its worker keeps none of it.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { launchBrowser, newContext, screenshotDir, startServer } from './harness.mjs'
import { expectPath, watch } from './support.mjs'

let server, browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

test("at 1280 px, the footer's API link opens the reference, which renders the document's operations", async () => {
  const context = await newContext(browser, server.url, 1280)
  const page = await context.newPage()
  // A policy's refusal is a console error, which the watcher fails on.
  const watcher = watch(page)
  const docsAsked = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/docs/')) docsAsked.push(request.url())
  })
  try {
    await page.goto('/')
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    assert.deepEqual(docsAsked, [], 'the app loads none of the reference')

    await page.getByRole('contentinfo').getByRole('link', { name: 'API' }).click()
    await expectPath(page, '/docs/api')
    assert.equal(await page.title(), 'API reference · Rehome')
    await page.getByRole('link', { name: 'Products', exact: true }).first().click()
    await page.getByRole('link', { name: 'Search the products' }).first().click()
    // The link names the operation in the address and its section renders.
    // Scalar's own scroll to it can land short when sections above it are
    // still being drawn on a loaded machine, so the screenshot scrolls there.
    await page.waitForFunction(() => location.hash === '#tag/products/GET/api/products')
    const operation = page.getByRole('heading', { name: 'Search the products' })
    await operation.waitFor()
    await operation.scrollIntoViewIfNeeded()
    // Where the link took it, which screenshots() would scroll away from.
    await page.screenshot({ path: join(screenshotDir, 'api-reference-1280.png') })

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
