// The installable, offline-first app: the manifest and service worker pass
// Chromium's installability check; a buyer's browsing is there after the
// connection goes, even a category seen for a moment before the app was
// hidden and killed, or the page closed; a booking made offline is sent once the connection is back,
// exactly once even when the first reply is lost; Log Out leaves no private
// data on the device; a new version waits for Reload.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { chromium } from 'playwright-core'
import { adminAccount, chromiumFlags, followContract, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  eventually,
  expectToast,
  logIn,
  logOut,
  pictureForm,
  registerThroughApi,
  savedOnDevice,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@offline.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@offline.test', password: 'buyer password 1' }

let server, browser, pictures
const profiles = []
const products = {}

/** Signs in through the API; answers a function making JSON or multipart calls with that session. */
async function apiSession({ email, password }) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  assert.equal(login.status, 200, await login.clone().text())
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return async (method, path, body) => {
    const multipart = body instanceof FormData
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { Cookie: cookie, ...(body && !multipart ? { 'Content-Type': 'application/json' } : {}) },
      body: multipart ? body : body && JSON.stringify(body),
    })
    const text = await response.text()
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`)
    return text ? JSON.parse(text) : undefined
  }
}

/** Two categories with two products each, a buyer. */
async function seed() {
  const admin = await apiSession(adminAccount)
  await admin('POST', '/categories', await pictureForm({ name: 'Sofas' }, pictures.sofaCategory))
  await admin('POST', '/categories', await pictureForm({ name: 'Lamps' }, pictures.lampCategory))
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  const sam = await apiSession(seller)
  const listings = [
    ['Sofas', 'Teal velvet sofa', 'sofa'],
    ['Sofas', 'Rust loveseat', 'armchair'],
    ['Lamps', 'Brass reading lamp', 'lamp'],
    ['Lamps', 'Green floor lamp', 'lamp'],
  ]
  for (const [category, name, picture] of listings) {
    const image = await sam('POST', '/images', await pictureForm({}, pictures[picture]))
    products[name] = await sam('POST', '/products', {
      category,
      product: name,
      description: `${name}, well kept.`,
      image: image.url,
      condition: 'Good',
      location: 'Riverside',
      original_price: 200,
      resale_price: 80,
      seller_phone: '+1 555 0101',
      purchase_year: 2020,
      use_period: '3 years',
    })
  }
}

/** A browser profile kept on disk (a normal context is incognito, which is never installable). */
async function persistentProfile(baseURL, width = 1280) {
  const dir = await mkdtemp(join(tmpdir(), 'rehome-e2e-profile-'))
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    args: chromiumFlags,
    baseURL,
    viewport: { width, height: 900 },
    deviceScaleFactor: 1,
  })
  followContract(context)
  profiles.push({ context, dir })
  return context
}

/** Waits until the service worker controls the page. */
function controlled(page) {
  return page.waitForFunction(() => navigator.serviceWorker.controller !== null)
}

/**
 * Waits until IndexedDB holds these saved answers. Answers are written just
 * after they arrive, so a test that loads another page at once waits first (as
 * a person moving on within the app never has to).
 */
async function saved(page, ...keys) {
  await eventually(async () => {
    const { public: found } = await savedOnDevice(page)
    for (const key of keys) assert.ok(found.includes(key), `${key} saved: ${found}`)
  }, 10_000)
}

/** Every picture on the page drew (lazy ones are scrolled to first); answers how many. */
async function picturesDrawn(page) {
  return eventually(async () => {
    const state = await page.evaluate(async () => {
      for (const img of document.images) img.scrollIntoView()
      window.scrollTo(0, 0)
      return [...document.images].map((img) => ({
        src: img.getAttribute('src'),
        ok: img.complete && img.naturalWidth > 0,
        inMain: img.closest('main') !== null,
      }))
    })
    const broken = state.filter((img) => !img.ok).map((img) => img.src)
    assert.deepEqual(broken, [], `pictures not drawn: ${broken.join(', ')}`)
    // The page's own pictures, not the top bar's (the account menu's avatar).
    return state.filter((img) => img.inMain).length
  }, 10_000)
}

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  await seed()
})

after(async () => {
  for (const { context, dir } of profiles) {
    await context.close()
    await rm(dir, { recursive: true, force: true })
  }
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

test('the manifest and the service worker make the app installable; Install shows while offered', async () => {
  const response = await fetch(`${server.url}/manifest.webmanifest`)
  assert.equal(response.headers.get('content-type'), 'application/manifest+json')
  const manifest = await response.json()
  assert.equal(manifest.display, 'standalone')
  assert.deepEqual(
    manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`),
    ['192x192 any', '512x512 any', '512x512 maskable'],
  )
  assert.deepEqual(manifest.screenshots.map((s) => s.form_factor).sort(), ['narrow', 'wide'])
  assert.deepEqual(
    manifest.shortcuts.map((s) => s.name),
    ['Categories', 'My Orders'],
  )
  for (const { src } of [...manifest.icons, ...manifest.screenshots]) {
    assert.equal((await fetch(server.url + src)).headers.get('content-type'), 'image/png', src)
  }

  const context = await persistentProfile(server.url)
  const page = context.pages()[0] ?? (await context.newPage())
  const watcher = watch(page)
  await page.goto('/')
  await page.getByRole('link', { name: /^Sofas\b/ }).waitFor()
  await controlled(page)
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  assert.deepEqual(installabilityErrors, [])

  // The browser's offer (made here by hand: headless Chromium has no install UI) shows Install.
  const install = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Install' })
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true })
    offer.prompt = async () => {
      window.installPrompted = true
    }
    offer.userChoice = Promise.resolve({ outcome: 'accepted' })
    window.dispatchEvent(offer)
  })
  await install.waitFor()
  await screenshots(page, 'install-button', { widths: [1280], fullPage: false })
  await install.click()
  assert.equal(await page.evaluate(() => window.installPrompted), true)
  await install.waitFor({ state: 'hidden' })

  // Offered again, then installed: the button goes.
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true })
    offer.prompt = async () => {}
    offer.userChoice = Promise.resolve({ outcome: 'dismissed' })
    window.dispatchEvent(offer)
  })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Install' }).waitFor()
  await screenshots(page, 'install-button-menu', { widths: [360], fullPage: false })
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Install' }).waitFor({ state: 'hidden' })
  watcher.check()
})

// The buyer's browser, kept across the next tests.
let buyerContext, buyerPage, buyerWatcher

test('offline, a reload still shows the home page, both browsed categories with their photos, and a product', async () => {
  buyerContext = await newContext(browser, server.url)
  buyerPage = await buyerContext.newPage()
  buyerWatcher = watch(buyerPage)
  const page = buyerPage
  await logIn(page, buyer)
  await controlled(page)

  for (const category of ['Sofas', 'Lamps']) {
    await page.goto(`/categories/${category}`)
    await page.getByText('2 products found').waitFor()
    assert.equal(await picturesDrawn(page), 2)
    await saved(page, `products/category/${category}`)
  }
  const sofa = products['Teal velvet sofa']
  await page.goto(`/products/${sofa.id}`)
  await page.getByRole('heading', { level: 1, name: sofa.product }).waitFor()
  await picturesDrawn(page)
  await saved(page, `products/detail/${sofa.id}`)
  await page.goto('/')
  await page.getByRole('link', { name: /^Sofas\b/ }).waitFor()
  await saved(page, 'categories/list', 'products/category/Sofas', 'products/category/Lamps')

  await buyerContext.setOffline(true)
  await page.reload()
  await page.getByRole('link', { name: /^Sofas\b/ }).waitFor()
  await page.getByRole('link', { name: /^Lamps\b/ }).waitFor()
  await page.getByText(/^Offline — showing what you saw (just now|\d+ minutes? ago)$/).waitFor()
  await picturesDrawn(page)
  await screenshots(page, 'offline-home')

  for (const [category, names] of [
    ['Sofas', ['Teal velvet sofa', 'Rust loveseat']],
    ['Lamps', ['Brass reading lamp', 'Green floor lamp']],
  ]) {
    await page.goto(`/categories/${category}`)
    for (const name of names) await page.getByRole('heading', { name, exact: true }).waitFor()
    assert.equal(await picturesDrawn(page), 2)
  }
  await screenshots(page, 'offline-category')

  await page.goto(`/products/${sofa.id}`)
  await page.getByRole('heading', { level: 1, name: sofa.product }).waitFor()
  await picturesDrawn(page)
  // A product only seen in a list opens from the saved list too.
  const loveseat = products['Rust loveseat']
  await page.goto(`/products/${loveseat.id}`)
  await page.getByRole('heading', { level: 1, name: loveseat.product }).waitFor()

  // What needs the server says so instead of failing.
  await page.goto('/login')
  await page.getByText('You are offline: signing in needs a connection.').waitFor()
  assert.equal(await page.getByRole('button', { name: 'Login', exact: true }).isDisabled(), true)
  buyerWatcher.check()
})

test('a booking made offline is sent when the connection is back, once, even when the first reply is lost', async () => {
  const page = buyerPage
  const sofa = products['Teal velvet sofa']
  await page.goto(`/products/${sofa.id}`)
  await page.getByRole('button', { name: 'Book Now' }).click()
  const dialog = page.getByRole('dialog', { name: `Book ${sofa.product}` })
  await dialog.getByLabel('Location', { exact: true }).fill('Riverside station')
  await dialog.getByLabel('Phone').fill('+1 555 0199')
  await dialog.getByRole('button', { name: 'Confirm booking' }).click()
  await expectToast(page, 'Saved — it will be sent when you are back online')
  await page.getByRole('button', { name: 'Booking queued' }).waitFor()

  // It survives a reload.
  await page.reload()
  await page.getByRole('heading', { level: 1, name: sofa.product }).waitFor()
  assert.equal((await savedOnDevice(page)).outbox, 1)

  // The first reply is lost on the way back: the server booked, the app never heard.
  let posts = 0
  const keys = []
  await page.route('**/api/booked', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    posts++
    keys.push(await route.request().headerValue('idempotency-key'))
    if (posts > 1) return route.fallback()
    await route.fetch()
    await route.abort('connectionreset')
  })
  await buyerContext.setOffline(false)
  await expectToast(page, 'Booked successfully')
  assert.equal(posts, 2)
  assert.match(keys[0], /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  assert.equal(keys[1], keys[0])
  await eventually(async () => assert.equal((await savedOnDevice(page)).outbox, 0))
  await page.unroute('**/api/booked')

  await page.goto('/dashboard/myorders')
  await page.getByRole('table', { name: 'My orders' }).waitFor()
  assert.equal(await page.getByRole('row').filter({ hasText: sofa.product }).count(), 1)
  const bea = await apiSession(buyer)
  const { items } = await bea('GET', '/booked')
  assert.equal(items.filter((b) => b.product_id === sofa.id).length, 1)
  buyerWatcher.check()
})

test('Log Out leaves no private data on the device', async () => {
  const page = buyerPage
  const sofa = products['Teal velvet sofa']
  await eventually(async () => {
    const { private: found } = await savedOnDevice(page)
    assert.ok(found.includes('bookings/mine/list'), `orders saved: ${found}`)
    // The open booking's handover code, kept with My Orders though never shown.
    assert.ok(
      found.some((key) => key.startsWith('bookings/mine/handover/')),
      `handover code saved: ${found}`,
    )
    assert.ok(found.includes('auth/me'))
  }, 10_000)
  await logOut(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).waitFor()
  await eventually(async () => {
    const saved = await savedOnDevice(page)
    assert.deepEqual(saved.private, [])
    assert.equal(saved.outbox, 0)
    assert.ok(saved.public.includes('products/category/Sofas'), 'the public listings stay')
  })
  const cachedPicture = await page.evaluate(async (url) => !!(await (await caches.open('images')).match(url)), sofa.thumb_url)
  assert.equal(cachedPicture, false, 'the booked product’s picture left the cache')
  buyerWatcher.check()
  await buyerContext.close()
})

test('a category seen for a moment before the app is hidden, and then killed, opens offline', async () => {
  const context = await newContext(browser, server.url, 360)
  try {
    // A returning buyer: signed in, the service worker installed, the home page saved.
    const page = await context.newPage()
    const watcher = watch(page)
    await logIn(page, buyer)
    await page.goto('/')
    await page.getByRole('link', { name: /^Lamps\b/ }).waitFor()
    await controlled(page)
    await saved(page, 'categories/list')

    // A category they have not seen yet. Its page settles 2 s after its load
    // event, and only then would its answers be written by themselves. Its
    // load is held here (by a picture that never comes), so it cannot settle:
    // what is saved can only have been written because the app was hidden.
    await holdLoadEvent(page)
    await page.goto('/categories/Lamps', { waitUntil: 'domcontentloaded' })
    await page.getByRole('heading', { name: 'Brass reading lamp', exact: true }).waitFor()
    assert.ok(!(await savedOnDevice(page)).public.includes('products/category/Lamps'), 'not saved yet')
    assert.notEqual(await page.evaluate(() => document.readyState), 'complete', 'the page has not loaded, so it has not settled')

    // The phone's home button. Headless Chromium never hides a page
    // (minimizing the window, freezing it, other tabs: all leave it
    // 'visible'), so the page is told as the browser would tell it.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
      document.dispatchEvent(new Event('visibilitychange'))
    })

    // The system ends the hidden app a moment later, before the page has
    // settled, and without pagehide: its renderer is killed.
    await eventually(async () => {
      assert.ok((await savedOnDevice(page)).public.includes('products/category/Lamps'), 'saved once hidden')
    }, 15_000)
    assert.notEqual(await page.evaluate(() => document.readyState), 'complete', 'still not settled')
    watcher.check()
    await context.setOffline(true)
    const crashed = page.waitForEvent('crash')
    // Page.crash never answers: its page is gone.
    void (await context.newCDPSession(page)).send('Page.crash').catch(() => {})
    await crashed

    // Reopened offline: the category is there, with its listings.
    const reopened = await context.newPage()
    await reopened.goto('/categories/Lamps')
    for (const name of ['Brass reading lamp', 'Green floor lamp']) {
      await reopened.getByRole('heading', { name, exact: true }).waitFor({ timeout: 10_000 })
    }
  } finally {
    await context.close()
  }
})

test('a category seen for a moment before the page is closed opens offline', async () => {
  const context = await newContext(browser, server.url, 360)
  try {
    const page = await context.newPage()
    const watcher = watch(page)
    await logIn(page, buyer)
    await page.goto('/')
    await page.getByRole('link', { name: /^Sofas\b/ }).waitFor()
    await controlled(page)
    await saved(page, 'categories/list')

    // Its load held, the page cannot settle and write its answers by itself.
    await holdLoadEvent(page)
    await page.goto('/categories/Sofas', { waitUntil: 'domcontentloaded' })
    await page.getByRole('heading', { name: 'Teal velvet sofa', exact: true }).waitFor()
    assert.ok(!(await savedOnDevice(page)).public.includes('products/category/Sofas'), 'not saved yet')
    assert.notEqual(await page.evaluate(() => document.readyState), 'complete', 'the page has not loaded, so it has not settled')
    watcher.check()
    // Closed before it settled (pagehide, then nothing more runs).
    await page.close()

    await context.setOffline(true)
    const reopened = await context.newPage()
    await reopened.goto('/categories/Sofas')
    for (const name of ['Teal velvet sofa', 'Rust loveseat']) {
      await reopened.getByRole('heading', { name, exact: true }).waitFor({ timeout: 10_000 })
    }
  } finally {
    await context.close()
  }
})

/**
 * Keeps the page's next documents from finishing loading (a picture that
 * never comes), so that they never settle (src/lib/page-settled.ts): what
 * they save is saved for another reason. Navigate with `waitUntil:
 * 'domcontentloaded'`.
 */
async function holdLoadEvent(page) {
  await page.route('**/e2e-holds-the-load-event.gif', () => {})
  await page.addInitScript(() => {
    addEventListener('DOMContentLoaded', () => {
      const hold = Object.assign(document.createElement('img'), { alt: '', src: '/e2e-holds-the-load-event.gif' })
      document.body.append(hold)
    })
  })
}

/** A pass-through proxy to the server that can serve a changed sw.js, as a new release would. */
async function startReleaseProxy() {
  let release = ''
  const proxy = createServer((req, res) => {
    const isWorker = req.url.startsWith('/sw.js')
    const headers = { ...req.headers }
    if (isWorker) {
      // The whole script, uncompressed, to append to.
      headers['accept-encoding'] = 'identity'
      delete headers['if-none-match']
    }
    const upstream = request(`${server.url}${req.url}`, { method: req.method, headers }, (answer) => {
      if (!isWorker || !release) {
        res.writeHead(answer.statusCode, answer.headers)
        answer.pipe(res)
        return
      }
      const chunks = []
      answer.on('data', (c) => chunks.push(c))
      answer.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(`\n// release ${release}\n`)])
        const { etag: _etag, 'content-length': _length, ...rest } = answer.headers
        res.writeHead(200, { ...rest, 'content-length': body.length })
        res.end(body)
      })
    })
    req.pipe(upstream)
  })
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${proxy.address().port}`,
    release: (name) => (release = name),
    close: () => new Promise((resolve) => proxy.close(resolve)),
  }
}

test('a new version waits for Reload and never interrupts a form', async () => {
  const proxy = await startReleaseProxy()
  try {
    const context = await persistentProfile(proxy.url)
    const page = context.pages()[0] ?? (await context.newPage())
    const watcher = watch(page)
    await page.goto('/login')
    await controlled(page)
    // A returning visitor: the page starts under the installed version.
    await page.reload()
    await controlled(page)
    await page.getByLabel('Email', { exact: true }).fill('half-typed@example.com')

    proxy.release('2')
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update())
    const banner = page.getByRole('region', { name: 'Update' })
    await banner.getByText('A new version is available').waitFor()
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), 'half-typed@example.com')
    await screenshots(page, 'update-prompt', { fullPage: false })

    await banner.getByRole('button', { name: 'Reload' }).click()
    await page.waitForFunction(() => !document.querySelector('[aria-label="Update"]'))
    await eventually(async () => assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), ''))
    assert.equal(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting), false)
    watcher.check()
  } finally {
    await proxy.close()
  }
})
