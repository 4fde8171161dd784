import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { launchBrowser, newContext, screenshots, startServer } from './harness.mjs'

let server, browser

before(async () => {
  server = await startServer()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

test('the home page loads with no console errors', async () => {
  const context = await newContext(browser, server.url)
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (e) => errors.push(e.message))
  // A signed-out visitor's session check answers 401, which Chromium logs as a failed load.
  page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()))
  await page.goto('/')
  await page.locator('main').waitFor()
  await screenshots(page, 'home-empty')
  assert.deepEqual(errors, [])
  await context.close()
})
