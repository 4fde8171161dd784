// Helpers shared by the end-to-end files: pictures to upload, a watch on page
// errors, sign-in through the UI, toasts.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes) {
  let c = 0xffffffff
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A valid RGB PNG of a simple piece of furniture (a sofa, or a lamp) on a
 * coloured wall and a floor, so screenshots show something like a photo.
 */
export function makePng({ width = 400, height = 300, wall = [204, 232, 226], item = [15, 118, 110], shape = 'sofa' } = {}) {
  const floor = [214, 196, 170]
  const rows = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x++) {
      let colour = y > height * 0.72 ? floor : wall
      const u = x / width
      const v = y / height
      if (shape === 'sofa') {
        const back = u > 0.2 && u < 0.8 && v > 0.36 && v < 0.6
        const seat = u > 0.16 && u < 0.84 && v > 0.56 && v < 0.72
        const arms = ((u > 0.13 && u < 0.22) || (u > 0.78 && u < 0.87)) && v > 0.48 && v < 0.72
        const legs = ((u > 0.2 && u < 0.23) || (u > 0.77 && u < 0.8)) && v >= 0.72 && v < 0.77
        if (back || seat || arms) colour = item
        if (legs) colour = [87, 64, 43]
      } else {
        const shade = v > 0.2 && v < 0.4 && Math.abs(u - 0.5) < 0.08 + (v - 0.2) * 0.4
        const pole = Math.abs(u - 0.5) < 0.01 && v >= 0.4 && v < 0.72
        const foot = Math.abs(u - 0.5) < 0.07 && v > 0.7 && v < 0.73
        if (shade) colour = item
        if (pole || foot) colour = [68, 64, 60]
      }
      colour.forEach((c, i) => (row[1 + x * 3 + i] = c))
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Writes the pictures the suite uploads into a fresh temp dir; answers their paths by name. */
export async function writePictures() {
  const dir = await mkdtemp(join(tmpdir(), 'rehome-e2e-pictures-'))
  const pictures = {
    sofaCategory: makePng({ wall: [204, 232, 226], item: [15, 118, 110] }),
    lampCategory: makePng({ wall: [254, 243, 199], item: [217, 119, 6], shape: 'lamp' }),
    seller: makePng({ width: 120, height: 120, wall: [231, 229, 228], item: [120, 113, 108] }),
    buyer: makePng({ width: 120, height: 120, wall: [224, 242, 254], item: [3, 105, 161] }),
    sofa: makePng({ wall: [245, 245, 244], item: [13, 148, 136] }),
    armchair: makePng({ wall: [255, 237, 213], item: [180, 83, 9] }),
    lamp: makePng({ wall: [236, 252, 203], item: [77, 124, 15], shape: 'lamp' }),
  }
  const paths = {}
  for (const [name, bytes] of Object.entries(pictures)) {
    paths[name] = join(dir, `${name}.png`)
    await writeFile(paths[name], bytes)
  }
  return { dir, ...paths }
}

/**
 * Records page errors, console errors (but not Chromium's "Failed to load
 * resource" lines: a signed-out /api/auth/me answers 401) and API answers of
 * 400 and above other than that 401. `check()` fails the test on any of them
 * and forgets them; `allowApi(status, path)` expects one such answer.
 *
 * A session ended elsewhere is learnt from 401s to what the page asks on its
 * own (GETs: queries, the event stream): `signedOutElsewhere()` waits for the
 * page to say it was signed out, and accounts for the 401s of the requests it
 * had sent until then; any request sent afterwards that fails is a problem.
 * Log Out on the page is accounted for in the same way, once it is answered.
 */
export function watch(page) {
  const problems = []
  const allowed = []
  const unauthorized = []
  const sentOrder = new WeakMap()
  let sent = 0
  let signedOutAfter = -1
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console error: ${message.text()}`)
    }
  })
  page.on('request', (request) => sentOrder.set(request, sent++))
  page.on('response', (response) => {
    const url = new URL(response.url())
    // Log Out here ends the session under the requests already on their
    // way (the event stream's, say): their 401s are expected; any sent later is a problem.
    if (url.pathname === '/api/auth/logout' && response.status() < 400) signedOutAfter = sent
    if (!url.pathname.startsWith('/api/') || response.status() < 400) return
    const method = response.request().method()
    if (method === 'GET' && url.pathname === '/api/auth/me' && response.status() === 401) return
    const index = allowed.findIndex((a) => a.status === response.status() && url.pathname.startsWith(a.path))
    const problem = `API ${method} ${url.pathname}${url.search} answered ${response.status()}`
    if (index >= 0) allowed.splice(index, 1)
    else if (method === 'GET' && response.status() === 401)
      unauthorized.push({ order: sentOrder.get(response.request()), problem })
    else problems.push(problem)
  })
  return {
    allowApi(status, path) {
      allowed.push({ status, path })
    },
    async signedOutElsewhere() {
      await expectToast(page, 'You were signed out')
      signedOutAfter = sent
    },
    check() {
      const late = unauthorized.splice(0).filter(({ order }) => order === undefined || order >= signedOutAfter)
      const found = [...problems.splice(0), ...late.map(({ problem }) => problem)]
      assert.deepEqual(found, [], found.join('\n'))
    },
  }
}

/**
 * Waits until the page has drawn two frames after what was just done: what
 * an input, a focus or a new viewport size changed (and what the page did
 * about it, in its handlers and observers) is on screen by then.
 */
export async function nextFrames(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/** A toast with this text appears (react-hot-toast renders them as live status regions). */
export async function expectToast(page, text) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor({ state: 'visible' })
}

/** Signs in through /login; the guard sent us there, or we go there first. */
export async function logIn(page, { email, password }, { goto = true } = {}) {
  if (goto) await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
  await page.getByRole('button', { name: 'Log Out', includeHidden: true }).first().waitFor({ state: 'attached' })
}

/** Logs out from the top bar at a desktop width, where Log Out is in the account menu. */
export async function logOut(page) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.locator('li button[aria-controls]').click()
  await nav.getByRole('button', { name: 'Log Out' }).click()
}

/** Registers an account straight through the API (for accounts a test only needs to exist). */
export async function registerThroughApi(baseURL, { name, email, password, role = 'Buyer', picture }) {
  const { readFile } = await import('node:fs/promises')
  const form = new FormData()
  form.append('name', name)
  form.append('email', email)
  form.append('password', password)
  form.append('role', role)
  form.append('image', new Blob([await readFile(picture)], { type: 'image/png' }), 'picture.png')
  const response = await fetch(`${baseURL}/api/auth/register`, { method: 'POST', body: form })
  const text = await response.text()
  assert.equal(response.status, 201, text)
  return JSON.parse(text)
}

/** The pathname the page is at, once it settles on `expected`. */
/** POST /api/auth/login's status for these credentials. */
export async function loginStatus(baseURL, { email, password }) {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  return response.status
}

/**
 * A signed-in API client for a test's set-up: (method, path, body) →
 * the JSON answer; a FormData body goes as multipart.
 */
export async function signedIn(baseURL, { email, password }) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  assert.equal(res.status, 200, await res.text())
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return async (method, path, body) => {
    const form = body instanceof FormData
    const r = await fetch(`${baseURL}${path}`, {
      method,
      headers: { Cookie: cookie, ...(form || !body ? {} : { 'Content-Type': 'application/json' }) },
      body: form ? body : body && JSON.stringify(body),
    })
    const text = await r.text()
    assert.ok(r.ok, `${method} ${path}: ${r.status} ${text}`)
    return text ? JSON.parse(text) : null
  }
}

export async function expectPath(page, expected) {
  await page.waitForURL((url) => url.pathname === expected)
  assert.equal(new URL(page.url()).pathname, expected)
}

/** Whether the element is the focused one. */
export function isFocused(locator) {
  return locator.evaluate((element) => element === document.activeElement)
}

/**
 * Retries an assertion for up to `timeout` ms, for state that settles just
 * after what we waited for; the deadline is only for failing, generous for a
 * loaded machine.
 */
export async function eventually(check, timeout = 20_000) {
  const deadline = Date.now() + timeout
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((r) => setTimeout(r, 50))
    }
  }
}

/** What IndexedDB holds: saved query keys by scope, and the outbox's length. */
export function savedOnDevice(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('rehome')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('queries')) {
            db.close()
            return resolve({ public: [], private: [], outbox: 0 })
          }
          const tx = db.transaction(['queries', 'outbox'])
          const queries = tx.objectStore('queries').getAll()
          const outbox = tx.objectStore('outbox').count()
          tx.oncomplete = () => {
            db.close()
            const keys = (scope) => queries.result.filter((r) => r.scope === scope).map((r) => r.key.join('/'))
            resolve({ public: keys('public'), private: keys('private'), outbox: outbox.result })
          }
        }
      }),
  )
}

const axeSource = readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8')

/** axe-core 4's violations on the page as it is (WCAG 2.x A and AA, and best practices): rule, help, elements. */
export async function accessibilityViolations(page) {
  // Evaluated, not added as a script tag: the page's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }))
  })
}

/** Fails with every violation axe-core finds on the page. Call it once the screen has settled. */
export async function expectAccessible(page, what = page.url()) {
  const violations = await accessibilityViolations(page)
  assert.deepEqual(violations, [], `axe-core found violations on ${what}:\n${JSON.stringify(violations, null, 2)}`)
}

/** A multipart form of fields and the PNG at path as its `image`, for the API's uploads. */
export async function pictureForm(fields, path) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('image', new Blob([await readFile(path)], { type: 'image/png' }), 'picture.png')
  return form
}

// Words of the app's English that neither German nor French writes: any of
// them on a screen is a text left outside the catalogs.
const englishWords = [
  'the',
  'and',
  'your',
  'you',
  'with',
  'for',
  'from',
  'this',
  'that',
  'Log',
  'Sign',
  'Search',
  'Home',
  'Categories',
  'Category',
  'Orders',
  'Profile',
  'Sell',
  'Book',
  'Booked',
  'Loading',
  'Available',
  'Reserved',
  'Sold',
  'Price',
  'Seller',
  'Buyer',
  'Save',
  'Cancel',
  'Delete',
  'Report',
  'Share',
  'Next',
  'Previous',
  'Good',
  'Fair',
  'Location',
  'Language',
  'Password',
  'Phone',
  'listed',
  'Just',
  'More',
  'Filters',
  'Newest',
  'results',
  'found',
  'Close',
  'Back',
  'Write',
  'Send',
  'Reply',
  'Pay',
  'Review',
  'Reviews',
  'Member',
  'since',
  'Verified',
  'About',
  'Rules',
  'Privacy',
  'Terms',
  'Settings',
  'Account',
  'Nothing',
  'yet',
  'Show',
  'Hide',
  'Open',
  'Help',
]
const english = new RegExp(`(?<![\\p{L}\\p{N}])(${englishWords.join('|')})(?![\\p{L}\\p{N}])`, 'u')

/** The English words left on the page (its text and its labels), none when it is all translated. */
export async function englishOn(page) {
  const text = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].map((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? '').join(' '),
    )
    return [document.body.innerText, document.title, ...labels].join('\n')
  })
  return text
    .split('\n')
    .filter((line) => english.test(line))
    .map((line) => line.trim())
}
