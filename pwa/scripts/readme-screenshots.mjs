// The README's pictures: the demo marketplace as a buyer sees it, taken from
// the real binary in Debian's Chromium. `make screenshots` runs it after a
// build; the pictures go to docs/screenshots/.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { binary, launchBrowser, newContext } from '../e2e/harness.mjs'
import { logIn } from '../e2e/support.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const out = join(here, '..', '..', 'docs', 'screenshots')
const port = 18000 + Math.floor(Math.random() * 1000)
const base = `http://127.0.0.1:${port}`

const data = await mkdtemp(join(tmpdir(), 'rehome-screenshots-'))
const server = spawn(binary, ['serve', '--demo', '--addr', `127.0.0.1:${port}`, '--data', data], {
  stdio: ['ignore', 'pipe', 'pipe'],
})
let log = ''
server.stdout.on('data', (d) => (log += d))
server.stderr.on('data', (d) => (log += d))

try {
  // The demo accounts' passwords are in the log once the demo is filled.
  const deadline = Date.now() + 60_000
  let password
  while (!(password = log.match(/email=buyer@rehome\.test password=(\S+)/)?.[1])) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the demo did not start:\n${log}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  // The server answers that the demo is being prepared until it says this.
  while (!log.includes('the demo marketplace is ready')) await new Promise((r) => setTimeout(r, 200))

  const browser = await launchBrowser()
  const shoot = async (page, name, width, height) => {
    await page.setViewportSize({ width, height })
    await page.waitForTimeout(500)
    // Every picture in view, loaded (lazy ones outside it do not show).
    await page.evaluate(() =>
      Promise.race([
        Promise.all([...document.images].filter((i) => i.loading !== 'lazy').map((i) => i.decode().catch(() => {}))),
        new Promise((r) => setTimeout(r, 5000)),
      ]),
    )
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(out, `${name}.png`) })
  }
  const context = await newContext(browser, base, 1200)
  const page = await context.newPage()
  await logIn(page, { email: 'buyer@rehome.test', password })

  await page.goto('/')
  await page.getByRole('heading', { name: 'Advertised Products' }).waitFor()
  await shoot(page, 'home', 1200, 750)
  await page.goto('/categories/Sofas')
  await page.getByText(/products? found/).waitFor()
  await shoot(page, 'category', 1200, 750)
  await page.getByRole('link', { name: 'Three-seater linen sofa' }).first().click()
  await page.waitForURL(/\/products\//)
  await page.getByText(/^Photo 1 of/).waitFor()
  await shoot(page, 'product', 1200, 750)
  await page.goto('/search?q=sofa&max_price=400')
  await page
    .getByRole('status')
    .filter({ hasText: /results?$/ })
    .waitFor()
  await page.evaluate(() => window.scrollTo(0, 0))
  await shoot(page, 'search', 1200, 750)
  await page.goto('/blogs')
  await page.getByRole('heading', { name: 'Blogs', level: 1 }).waitFor()
  await page.getByRole('article').first().waitFor()
  await shoot(page, 'blogs', 1200, 750)
  // A phone: the product page with its price and actions pinned to the bottom.
  await page.goto('/categories/Sofas')
  await page.getByRole('link', { name: 'Three-seater linen sofa' }).first().click()
  await page.waitForURL(/\/products\//)
  await shoot(page, 'product-phone', 360, 740)
  await browser.close()
  console.log(`docs/screenshots: home, category, product, search, blogs, product-phone from ${base}`)
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)))
  await rm(data, { recursive: true, force: true })
}
