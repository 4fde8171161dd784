// Every screen fits a phone (360 px) and a desktop (1280 px) in every
// language: no page scrolls sideways, no button or dialog lies outside the
// screen, and no text is cut unless it ends in an ellipsis and its whole
// text is in a title. Visitors', buyers', sellers' and admins' screens are
// walked in English, German and French, with the booking, report, first
// message, block, review, handover code, handover and decline dialogs, the
// pickup proposal, the phone's menu and filters, the desktop account menu and
// the admins' confirmations open, offline too, and in a pseudo-language whose
// every message is 40 % longer than the English, so that the next language
// fits too. In German and French no English word is left on them, and the
// screens marked `axe` pass axe-core in English and German.
import assert from 'node:assert/strict'
import { createECDH, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { adminAccount, launchBrowser, screenshots, startServer, startStripeMock } from './harness.mjs'
import {
  accessibilityViolations,
  englishOn,
  nextFrames,
  pictureForm,
  registerThroughApi,
  signedIn,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Sommerfeld', email: 'sam@layout.test', password: 'seller password 1' }
const buyer = { name: 'Bea Berger-Lindqvist', email: 'bea@layout.test', password: 'buyer password 1' }
// Reports what Reported Items lists, and is suspended, so All Users shows a suspension.
const reporter = { name: 'Cleo Clément-Wachtmeister', email: 'cleo@layout.test', password: 'reporter password 1' }

// A community's name as long as real ones are.
const siteName = 'Kiezflohmarkt Friedrichshain-Kreuzberg'

// Only these screens (a pattern of their names), people and languages, while
// a layout is being fixed: REHOME_LAYOUT_SCREENS='post|reported'
// REHOME_LAYOUT_ROLES=admin REHOME_LAYOUT_LOCALES=de. Unset, the whole walk.
// REHOME_LAYOUT_SHOTS=1 saves the desktop's screenshots too.
const only = {
  screens: process.env.REHOME_LAYOUT_SCREENS ? new RegExp(process.env.REHOME_LAYOUT_SCREENS) : null,
  roles: process.env.REHOME_LAYOUT_ROLES?.split(','),
  locales: process.env.REHOME_LAYOUT_LOCALES?.split(','),
}

// What Stripe.js does on the card payment screen (js.stripe.com cannot load here).
const stripeStub = `
window.Stripe = Object.assign(function Stripe() {
  return {
    elements() {
      return { create() { return { mount(node) { node.innerHTML = '<input aria-label="4242" value="4242 4242 4242 4242" />' }, destroy() {} } } }
    },
    async confirmPayment() { return { paymentIntent: { status: 'processing' } } },
  }
}, { version: 'endive' })
`

let server, browser, pictures, api, stripe
const products = {}
let conversationId, bookingId, post, resetLink

before(async () => {
  stripe = await startStripeMock()
  ;[server, browser, pictures] = await Promise.all([startServer({ stripe }), launchBrowser(), writePictures()])
  const admin = await signedIn(server.url, adminAccount)
  // A German community: its pages' default texts are German.
  await admin('PUT', '/api/site', {
    name: siteName,
    tagline: 'Möbel von nebenan, weitergegeben statt weggeworfen',
    public_listings: true,
    language: 'de',
  })
  await admin('POST', '/api/categories', await pictureForm({ name: 'Wohnzimmermöbel' }, pictures.sofaCategory))
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  const sam = await signedIn(server.url, seller)
  const bea = await signedIn(server.url, buyer)
  api = { [seller.email]: sam, [buyer.email]: bea, [adminAccount.email]: admin }
  const image = await sam('POST', '/api/images', await pictureForm({}, pictures.sofa))
  for (const [key, name] of [
    ['booked', 'Ausziehbarer Esstisch aus massiver Eiche'],
    ['open', 'Dreisitzer-Samtsofa mit Schlaffunktion'],
    ['handed', 'Stehlampe aus Messing mit Leinenschirm'],
    ['reviewed', 'Bücherregal aus Kiefernholz, fünf Fächer'],
  ]) {
    products[key] = await sam('POST', '/api/products', {
      category: 'Wohnzimmermöbel',
      product: name,
      description: 'Gut erhalten, aus einem Nichtraucherhaushalt.',
      image: image.url,
      condition: 'Good',
      location: 'Friedrichshain',
      original_price: 1200,
      resale_price: 480,
      seller_phone: '+49 30 1234567',
      purchase_year: 2019,
      use_period: '5 Jahre',
    })
  }
  const booking = await bea('POST', '/api/booked', {
    product_id: products.booked.id,
    location: 'Friedrichshain',
    buyer_phone: '+49 30 7654321',
  })
  const first = await bea('POST', `/api/booked/${booking.id}/messages`, { text: 'Hallo! Wann könnte ich ihn abholen?' })
  conversationId = first.conversation_id
  bookingId = booking.id
  // One booking handed over: its buyer may review the seller.
  const handed = await bea('POST', '/api/booked', {
    product_id: products.handed.id,
    location: 'Friedrichshain',
    buyer_phone: '+49 30 7654321',
  })
  const { code } = await bea('GET', `/api/booked/${handed.id}/handover`)
  await sam('POST', `/api/mybuyers/${handed.id}/handover`, { code })
  await sam('POST', `/api/conversations/${conversationId}/messages`, {
    text: '',
    pickup_at: new Date(Date.now() + 48 * 3600_000).toISOString(),
  })
  // One handed over and reviewed by both sides, so that the reviews show and one can be reported.
  const reviewed = await bea('POST', '/api/booked', {
    product_id: products.reviewed.id,
    location: 'Friedrichshain',
    buyer_phone: '+49 30 7654321',
  })
  const handover = await bea('GET', `/api/booked/${reviewed.id}/handover`)
  await sam('POST', `/api/mybuyers/${reviewed.id}/handover`, { code: handover.code })
  await bea('POST', `/api/booked/${reviewed.id}/review`, {
    rating: 2,
    text: 'Abholung hat dreimal nicht geklappt, am Ende aber doch noch.',
  })
  await sam('POST', `/api/mybuyers/${reviewed.id}/review`, { rating: 5, text: 'Pünktlich und freundlich, gerne wieder.' })

  // Reported Items lists a listing, a person, a message and a review, each with a reason.
  await registerThroughApi(server.url, { ...reporter, picture: pictures.buyer })
  const cleo = await signedIn(server.url, reporter)
  const reason = 'Die Angaben stimmen nicht mit den Fotos überein, bitte prüfen'
  await cleo('POST', '/api/reported', { product_id: products.open.id, reason })
  await cleo('POST', '/api/reported', { user_id: products.open.seller_id, reason })
  const asked = await cleo('POST', `/api/products/${products.open.id}/messages`, { text: 'Ist das Sofa noch zu haben?' })
  const reply = await sam('POST', `/api/conversations/${asked.conversation_id}/messages`, {
    text: 'Ja, aber nur gegen Vorkasse auf ein ausländisches Konto.',
  })
  await cleo('POST', '/api/reported', { message_id: reply.id, reason })
  const reviews = await cleo('GET', `/api/users/${products.open.seller_id}/reviews`)
  await cleo('POST', '/api/reported', { review_id: reviews.items[0].id, reason })
  const cleoId = (await cleo('GET', '/api/auth/me')).id
  await admin('POST', `/api/users/${cleoId}/suspend`, {
    days: 30,
    reason: 'Wiederholt falsche Meldungen über fremde Anzeigen abgegeben',
  })

  post = await admin('POST', '/api/posts', {
    title: 'Tauschtag im Nachbarschaftszentrum am Boxhagener Platz',
    body: 'Unser nächster **Tauschtag** ist am Samstag von 10 bis 14 Uhr.\n\n## Mitbringen\n- kleine Möbel und Lampen\n- Geschirr und Bücher\n\nFragen? [Schreib uns](mailto:admins@rehome.test).',
  })
  await admin('PUT', '/api/search/synonyms', [
    ['sofa', 'couch', 'kanapee', 'polstergarnitur'],
    ['esstisch', 'tafel', 'kuechentisch'],
  ])
  // A link made by an admin, never spent: the reset screen with its token.
  const beaId = (await bea('GET', '/api/auth/me')).id
  const { url } = await admin('POST', `/api/users/${beaId}/reset-link`)
  resetLink = new URL(url).pathname + new URL(url).search
  // A device Bea's notifications go to, for the list on Profile.
  await subscribeDevice(buyer)
})

/** Subscribes a phone's browser to the account's notifications, as the browser would. */
async function subscribeDevice({ email, password }) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const response = await fetch(`${server.url}/api/push/subscriptions`, {
    method: 'POST',
    headers: {
      Cookie: cookie,
      'Content-Type': 'application/json',
      'User-Agent':
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    },
    body: JSON.stringify({
      endpoint: `https://push.example.com/send/${randomBytes(8).toString('hex')}`,
      expirationTime: null,
      keys: { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') },
    }),
  })
  assert.equal(response.status, 201, await response.text())
}

after(async () => {
  await browser?.close()
  await server?.stop()
  await stripe?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

// The catalogs' texts by id, to find buttons by their name in each language.
const here = dirname(fileURLToPath(import.meta.url))
const catalogs = {}
function catalog(locale) {
  if (!catalogs[locale]) {
    const po = readFileSync(join(here, '..', 'src', 'locales', locale, 'messages.po'), 'utf8')
    catalogs[locale] = Object.fromEntries(
      [...po.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)].map(([, id, text]) => [
        id,
        JSON.parse(`"${text}"`),
      ]),
    )
  }
  return catalogs[locale]
}

/**
 * The pseudo-language's text for English: each word 40 % longer (at least
 * one letter more), as German and French often are, and longer words with it.
 */
function lengthen(text) {
  return text.replace(/\p{L}+/gu, (word) => word + word.slice(0, Math.ceil(word.length * 0.4)))
}

/** The message `id` in `locale`, its {placeholders} filled in. */
function t(locale, id, values = {}) {
  const text = catalog(locale === 'pseudo' ? 'en' : locale)[id]
  assert.ok(text, `no message ${id} in ${locale}`)
  return text
    .split(/(\{\w+\})/)
    .map((part) => {
      const placeholder = /^\{(\w+)\}$/.exec(part)
      if (placeholder) return values[placeholder[1]]
      return locale === 'pseudo' ? lengthen(part) : part
    })
    .join('')
}

/**
 * A compiled catalog's messages in the pseudo-language: a message is a list
 * of texts and of placeholders ([name], or [name, 'plural', { one: message,
 * other: message }]), whose names stay and whose choices are messages too.
 */
function pseudoMessage(message) {
  return message.map((part) => {
    if (typeof part === 'string') return lengthen(part)
    const [name, format, choices] = part
    if (!choices) return part
    return [
      name,
      format,
      Object.fromEntries(
        Object.entries(choices).map(([key, choice]) => [key, Array.isArray(choice) ? pseudoMessage(choice) : choice]),
      ),
    ]
  })
}

/**
 * Serves the built English catalog (a chunk of its own,
 * `var e=JSON.parse(`{…}`);export{e as messages};`) with every message
 * lengthened: the app in English is then the pseudo-language.
 */
async function servePseudoLanguage(context) {
  const marker = JSON.stringify(catalog('en')['account.logOut'])
  await context.route('**/assets/messages-*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    const compiled = /^var (\w+)=JSON\.parse\(`([\s\S]*)`\);export\{\1 as messages\};?\s*$/.exec(body)
    if (!compiled || !body.includes(marker)) return route.fulfill({ response, body })
    // The template literal's own text, as JSON.parse would have it.
    const json = new Function(`return \`${compiled[2]}\``)()
    const messages = Object.fromEntries(Object.entries(JSON.parse(json)).map(([id, message]) => [id, pseudoMessage(message)]))
    await route.fulfill({ response, body: `var e=${JSON.stringify(messages)};export{e as messages};` })
  })
}

/**
 * What does not fit the screen, found in the page: the document wider than
 * the width set (Chromium widens a phone's layout viewport to the content,
 * so innerWidth is no measure), a visible button or link styled as one, or
 * an open dialog, outside the viewport, and text cut without an ellipsis and
 * a title.
 */
function layoutProblems({ width, height }) {
  const problems = []
  const describe = (element) => {
    const text = (element.getAttribute('aria-label') || element.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60)
    return `<${element.tagName.toLowerCase()}> “${text}”`
  }
  const shown = (element) => {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false
    // Visually hidden text (sr-only) is clipped away.
    const { clip, clipPath } = getComputedStyle(element)
    if (clip === 'rect(0px, 0px, 0px, 0px)' || clipPath === 'inset(50%)') return false
    const box = element.getBoundingClientRect()
    return box.width > 1 && box.height > 1
  }
  const root = document.documentElement
  if (root.scrollWidth > width) {
    // What sticks out first: inside a parent that does not.
    const out = [...document.body.querySelectorAll('*')].filter((element) => {
      const right = element.getBoundingClientRect().right + scrollX
      return right > width + 0.5 && element.parentElement.getBoundingClientRect().right + scrollX <= width + 0.5 && shown(element)
    })
    const where = out
      .slice(0, 3)
      .map(
        (element) =>
          `${describe(element)} (.${[...element.classList].join('.').slice(0, 80)}) to ${Math.round(element.getBoundingClientRect().right + scrollX)} px`,
      )
    problems.push(`the page is ${root.scrollWidth} px wide, wider than ${width} px: ${where.join('; ')}`)
  }
  for (const dialog of document.querySelectorAll('dialog[open], [role="dialog"]')) {
    if (!shown(dialog)) continue
    const panel = dialog.firstElementChild ?? dialog
    const box = panel.getBoundingClientRect()
    if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5) {
      problems.push(
        `dialog ${describe(dialog).slice(0, 50)} at x ${Math.round(box.left)}–${Math.round(box.right)}, y ${Math.round(box.top)}–${Math.round(box.bottom)}, outside ${width}×${height}`,
      )
    }
  }
  for (const button of document.querySelectorAll('button, [role="button"], input[type="submit"], summary, select')) {
    if (!shown(button)) continue
    const box = button.getBoundingClientRect()
    if (box.left < -0.5 || box.right > width + 0.5) {
      problems.push(`button ${describe(button)} at x ${Math.round(box.left)}–${Math.round(box.right)}, outside 0–${width}`)
    }
    // Nor cut off by a box that scrolls sideways (a wide table's), where it looks cut in half.
    for (let box2 = button.parentElement; box2 && box2 !== document.body; box2 = box2.parentElement) {
      if (!/auto|scroll|hidden|clip/.test(getComputedStyle(box2).overflowX)) continue
      const edge = box2.getBoundingClientRect()
      if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) {
        problems.push(
          `button ${describe(button)} at x ${Math.round(box.left)}–${Math.round(box.right)}, cut by its box at ${Math.round(edge.left)}–${Math.round(edge.right)}`,
        )
      }
      break
    }
    // In an open modal dialog there is no page to scroll to it: it must be on the screen.
    const modal = button.closest('dialog[open]')
    if (modal && (box.top < -0.5 || box.bottom > height + 0.5)) {
      const scroller = [...modal.querySelectorAll('*')].find(
        (el) =>
          el.contains(button) && el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY),
      )
      if (!scroller)
        problems.push(
          `button ${describe(button)} at y ${Math.round(box.top)}–${Math.round(box.bottom)}, below the ${height} px screen`,
        )
    }
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (
      ['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'SCRIPT', 'STYLE', 'svg', 'IMG', 'PICTURE', 'VIDEO', 'CANVAS', 'IFRAME'].includes(
        element.tagName,
      )
    )
      continue
    // Only elements that hold text of their own.
    if (![...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim())) continue
    if (!shown(element)) continue
    const style = getComputedStyle(element)
    const cutAcross =
      element.scrollWidth > element.clientWidth + 1 && !/auto|scroll/.test(style.overflowX) && style.overflowX !== 'visible'
    const clamped =
      style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '' && element.scrollHeight > element.clientHeight + 1
    if (!cutAcross && !clamped) continue
    const ellipsis = clamped || style.textOverflow === 'ellipsis'
    const titled = element.closest('[title]')?.getAttribute('title')?.trim()
    if (!ellipsis || !titled) {
      problems.push(
        `text ${describe(element)} is cut${ellipsis ? '' : ' without an ellipsis'}${titled ? '' : ' and has no title'}`,
      )
    }
  }
  return problems
}

/**
 * The problems of the screen as it is, once it is drawn: what does not fit,
 * in German and French any English word left, and with `axe` what axe-core
 * finds (in English and German). With `shot`, a screenshot of it is saved
 * under that name (the viewport while a dialog is open, else the whole page).
 */
async function checkScreen(page, { width, locale, what, found, shot, axe }) {
  await nextFrames(page)
  const height = page.viewportSize().height
  const problems = await page.evaluate(layoutProblems, { width, height })
  if (['de', 'fr'].includes(locale)) problems.push(...(await englishOn(page)).map((line) => `English left: “${line}”`))
  if (axe && ['en', 'de'].includes(locale)) {
    // Colours are checked as they end, not halfway through a transition.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    problems.push(
      ...(await accessibilityViolations(page)).map(({ id, help, nodes }) => `axe-core: ${id} (${help}) at ${nodes.join(', ')}`),
    )
  }
  for (const problem of problems) found.push(`${what} at ${width} px: ${problem}`)
  if (shot) {
    const dialog = await page.evaluate(() => !!document.querySelector('dialog[open]'))
    await screenshots(page, `layout-${shot}-${what.replace(/\W+/g, '-')}`, { widths: [width], fullPage: !dialog })
  }
}

/** The app's language under a locale of the test: the pseudo-language is English, lengthened. */
const appLocale = (locale) => (locale === 'pseudo' ? 'en' : locale)

/** A fresh browser at this width, showing the app in `locale` (a visitor's pick, kept on the device). */
async function device(width, locale) {
  const phone = width < 600
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-US',
    viewport: { width, height: phone ? 740 : 900 },
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
    // The service worker would answer from its cache, past the pseudo-language's route.
    serviceWorkers: locale === 'pseudo' ? 'block' : 'allow',
  })
  if (locale === 'pseudo') await servePseudoLanguage(context)
  await context.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: stripeStub }))
  await context.addInitScript((language) => localStorage.setItem('rehome.language', language), appLocale(locale))
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

/** Opens a path and waits for its first heading, then for `ready` (a locator). */
async function open(page, path, ready) {
  await page.goto(path)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  if (ready) {
    await ready(page)
      .first()
      .waitFor()
      .catch(async (error) => {
        await page.screenshot({ path: join(here, 'screenshots', 'layout-not-ready.png') })
        throw error
      })
  }
  await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.loading === 'lazy'))
}

/**
 * The screens each kind of person walks: [name, path, ready, then] where
 * `then` opens a dialog and checks it too.
 */
const walks = {
  visitor: (locale) => [
    [
      'home',
      '/',
      (page) => page.getByRole('article'),
      async (page, check, width) => {
        if (width >= 768) return
        // The top bar has room for the community's first letters only: its menu shows the name whole.
        await page.getByRole('button', { name: t(locale, 'nav.openMenu') }).click()
        const menu = page.getByRole('dialog')
        await menu.getByText(siteName, { exact: true }).waitFor()
        await check('the menu')
      },
    ],
    ['categories', '/categories', (page) => page.getByRole('link', { name: /Wohnzimmermöbel/ })],
    ['a category', '/categories/Wohnzimmermöbel', (page) => page.getByRole('article')],
    ['a product', `/products/${products.open.id}`, (page) => page.getByRole('link', { name: t(locale, 'product.logInToBook') })],
    ['search', '/search?q=Samtsofa', (page) => page.getByRole('article'), openFilters],
    ['login', '/login'],
    ['register', '/register'],
    ['about', '/about'],
    ['privacy', '/privacy'],
    ['terms', '/terms'],
    ['blogs', '/blogs'],
    ['forgot password', '/forgot-password'],
    ['start selling', '/sell'],
    ['a post', `/blogs/${post.slug}`, (page) => page.getByRole('article')],
    [
      'confirm email',
      '/confirm-email?token=no-such-token',
      (page) => page.getByRole('button', { name: t(locale, 'confirmEmail.submit') }),
      async (page, check) => {
        await page.getByRole('button', { name: t(locale, 'confirmEmail.submit') }).click()
        await page.getByRole('heading', { name: t(locale, 'confirmEmail.invalidLink') }).waitFor()
        await check('confirm email, the link refused')
      },
    ],
    ['reset password', resetLink, (page) => page.locator('input[type="password"]')],
    [
      'reset password, no token',
      '/reset-password',
      (page) => page.getByRole('link', { name: t(locale, 'resetPassword.askNewLink') }),
    ],
    [
      'link google',
      `/link-google?email=${encodeURIComponent('bea.berger-lindqvist@layout.test')}&next=/`,
      (page) => page.locator('input[type="password"]'),
    ],
    ['a missing page', '/kein-solcher-weg'],
    [
      'a saved listing offline',
      `/products/${products.open.id}`,
      (page) => page.getByRole('link', { name: t(locale, 'product.logInToBook') }),
      async (page, check) => {
        // The server out of reach, the app's own files still there (as the service worker keeps them).
        const cutOff = (route) => route.abort('internetdisconnected')
        await page.context().route('**/api/**', cutOff)
        // As the browser tells the page when the network goes.
        await page.evaluate(() => dispatchEvent(new Event('offline')))
        try {
          const banner = [
            t(locale, 'offline.banner.showingSaved', { timeAgo: '\n' }).split('\n')[0],
            t(locale, 'offline.banner.nothingSaved'),
          ]
          await page
            .getByRole('status')
            .filter({ hasText: new RegExp(banner.map(escapeRegExp).join('|')) })
            .waitFor()
          await check('a saved listing offline')
          await navigateInApp(page, '/blogs/noch-nicht-gesehen')
          await page.getByText(t(locale, 'common.offline.title'), { exact: true }).waitFor()
          await check('a post not saved offline')
        } finally {
          await page.context().unroute('**/api/**', cutOff)
          await page.evaluate(() => dispatchEvent(new Event('online')))
        }
      },
    ],
  ],
  buyer: (locale) => [
    [
      'a product',
      `/products/${products.open.id}`,
      (page) => page.getByRole('button', { name: t(locale, 'product.bookNow'), exact: true }),
      async (page, check) => {
        await page.getByRole('button', { name: t(locale, 'product.bookNow'), exact: true }).click()
        await page.getByRole('dialog').waitFor()
        await check('the booking dialog')
        await page
          .getByRole('dialog')
          .getByRole('button', { name: t(locale, 'common.close') })
          .click()
        await page.getByRole('button', { name: t(locale, 'product.report'), exact: true }).click()
        await page.getByRole('dialog').waitFor()
        await check('the report dialog')
        await page.keyboard.press('Escape')
        await page.getByRole('dialog').waitFor({ state: 'hidden' })
        await page.getByRole('button', { name: t(locale, 'product.messageSeller'), exact: true }).click()
        await page.getByRole('dialog').waitFor()
        await check('the first message dialog')
      },
    ],
    [
      'my orders',
      '/dashboard/myorders',
      (page) => page.getByRole('cell').filter({ hasText: products.booked.product }),
      async (page, check) => {
        await page
          .getByRole('button', { name: t(locale, 'common.review.sellerOf', { product: products.handed.product }) })
          .click()
        const dialog = page.getByRole('dialog')
        await dialog.waitFor()
        await check('the review dialog')
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'hidden' })
        await page.getByRole('button', { name: t(locale, 'orders.showCode.label', { product: products.booked.product }) }).click()
        await dialog.waitFor()
        await check('the handover code dialog')
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'hidden' })
      },
    ],
    // Paid by card: the card form.
    ['an order', `/dashboard/payment/${bookingId}`, (page) => page.getByLabel('4242')],
    [
      'a conversation',
      `/dashboard/messages/${conversationId}`,
      (page) => page.getByText('Hallo! Wann könnte ich ihn abholen?'),
      async (page, check) => {
        await page.getByText(t(locale, 'messages.pickup.propose')).click()
        await check('the pickup proposal')
        await page.getByRole('button', { name: t(locale, 'messages.moreActions') }).click()
        await page.getByRole('button', { name: t(locale, 'messages.block.action', { name: seller.name }) }).click()
        await page.getByRole('dialog').waitFor()
        await check('the block dialog', { axe: true })
      },
    ],
    [
      'messages',
      '/dashboard/messages',
      (page) => page.getByRole('link').filter({ hasText: products.booked.product }),
      async (page, check, width) => {
        if (width < 768) return
        // The desktop top bar's account menu.
        const account = page.getByRole('navigation', { name: t(locale, 'nav.main') }).locator('li button[aria-controls]')
        await account.click()
        await page.getByRole('button', { name: t(locale, 'account.logOut') }).waitFor()
        await check('the account menu')
        await page.keyboard.press('Escape')
      },
    ],
    [
      'profile',
      '/dashboard/profile',
      // The devices her notifications go to, listed.
      (page) => page.getByText(t(locale, 'profile.push.deviceName', { browser: 'Chrome', system: 'Android' }), { exact: true }),
      undefined,
      { axe: true },
    ],
  ],
  seller: (locale) => [
    [
      'my products',
      `/dashboard/myproducts/${seller.email}`,
      (page) => page.getByRole('link', { name: products.open.product, exact: true }),
    ],
    [
      'my buyers',
      '/dashboard/mybuyers',
      (page) => page.getByRole('cell').filter({ hasText: products.booked.product }),
      async (page, check) => {
        const booking = { product: products.booked.product, buyer: buyer.name }
        for (const [what, button] of [
          ['the handover dialog', 'sell.buyers.handOverTo'],
          ['the decline dialog', 'sell.buyers.declineBooking'],
        ]) {
          await page.getByRole('button', { name: t(locale, button, booking) }).click()
          const dialog = page.getByRole('dialog')
          await dialog.waitFor()
          await check(what)
          await page.keyboard.press('Escape')
          await dialog.waitFor({ state: 'hidden' })
        }
      },
    ],
    ['edit a product', `/dashboard/edit-product/${products.open.id}`, (page) => page.locator('main form')],
    ['a conversation', `/dashboard/messages/${conversationId}`, (page) => page.getByText('Hallo! Wann könnte ich ihn abholen?')],
    ['add a product', '/dashboard/addproduct', (page) => page.locator('main form')],
    ['a seller', `/sellers/${products.open.seller_id}`, (page) => page.getByRole('article')],
    ['their own product', `/products/${products.open.id}`, (page) => page.getByText(t(locale, 'product.yourListing'))],
  ],
  admin: (locale) => [
    [
      'all users',
      '/dashboard/allusers',
      (page) => page.getByRole('cell').filter({ hasText: buyer.name }),
      async (page, check) => {
        for (const [what, button, name] of [
          ['the make admin dialog', 'admin.users.makeAdminUser', buyer.name],
          ['the reset link dialog', 'admin.users.resetLinkFor', buyer.name],
          ['the suspend dialog', 'admin.suspension.suspendUser', buyer.name],
          ['the unsuspend dialog', 'admin.suspension.unsuspendUser', reporter.name],
          ['the delete dialog', 'admin.deleteUser', buyer.name],
        ]) {
          await page.getByRole('button', { name: t(locale, button, { name }), exact: true }).click()
          const dialog = page.getByRole('dialog')
          await dialog.waitFor()
          await check(what)
          await page.keyboard.press('Escape')
          await dialog.waitFor({ state: 'hidden' })
        }
      },
    ],
    ['all sellers', '/dashboard/allsellers', (page) => page.getByRole('cell').filter({ hasText: seller.name })],
    ['all buyers', '/dashboard/allbuyers', (page) => page.getByRole('cell').filter({ hasText: buyer.name })],
    [
      'reported items',
      '/dashboard/reporteditems',
      (page) => page.getByRole('cell').filter({ hasText: products.open.product }),
      async (page, check) => {
        await page.locator('main summary').first().click()
        await check('reported items, a conversation shown')
        for (const [what, button, values] of [
          ['the dismiss dialog', 'admin.reported.dismissOn', { name: products.open.product }],
          ['the remove listing dialog', 'admin.reported.removeListingOf', { product: products.open.product }],
          ['the hide review dialog', 'admin.reported.hideReviewBy', { name: buyer.name }],
        ]) {
          await page.getByRole('button', { name: t(locale, button, values), exact: true }).click()
          const dialog = page.getByRole('dialog')
          await dialog.waitFor()
          await check(what)
          await page.keyboard.press('Escape')
          await dialog.waitFor({ state: 'hidden' })
        }
      },
    ],
    ['add a category', '/dashboard/addcategory', (page) => page.locator('main form')],
    [
      'categories',
      '/dashboard/categories',
      (page) => page.getByRole('button', { name: t(locale, 'admin.categories.edit', { name: 'Wohnzimmermöbel' }) }),
      async (page, check) => {
        await page.getByRole('button', { name: t(locale, 'admin.categories.edit', { name: 'Wohnzimmermöbel' }) }).click()
        await page.locator('main form input[type="file"]').waitFor()
        await check('categories, renaming one', { axe: true })
      },
      { axe: true },
    ],
    [
      'search synonyms',
      '/dashboard/synonyms',
      (page) => page.locator('main ol input'),
      async (page, check) => {
        await page.locator('main input[type="search"]').fill('tafel')
        await page.getByRole('button', { name: t(locale, 'synonyms.preview.run') }).click()
        await page.locator('main [role="status"] li').first().waitFor()
        await check('search synonyms, a word tried', { axe: true })
      },
      { axe: true },
    ],
    ['site settings', '/dashboard/site', (page) => page.locator('main form'), undefined, { axe: true }],
    ['audit log', '/dashboard/audit'],
    ['a new post', '/blogs/new', (page) => page.locator('main form')],
    [
      'a post',
      `/blogs/${post.slug}`,
      (page) => page.getByRole('button', { name: t(locale, 'blogs.post.delete') }),
      async (page, check) => {
        await page.getByRole('button', { name: t(locale, 'blogs.post.delete') }).click()
        await page.getByRole('dialog').waitFor()
        await check('the delete post dialog')
        await page.keyboard.press('Escape')
      },
    ],
    [
      'edit a post',
      `/blogs/${post.slug}/edit`,
      (page) => page.getByRole('button', { name: t(locale, 'blogs.editor.saveChanges') }),
      async (page, check) => {
        await page.getByRole('button', { name: t(locale, 'blogs.editor.preview'), exact: true }).click()
        await page.getByRole('region', { name: t(locale, 'blogs.editor.preview') }).waitFor()
        await check('edit a post, previewing')
      },
    ],
  ],
}

/** The search's filters, on a phone a sheet of their own. */
async function openFilters(page, check, width) {
  if (width >= 1024) return
  await page.locator('main button[aria-haspopup="dialog"]').click()
  await page.getByRole('dialog').waitFor()
  await check('the filters', { axe: true })
  await page.keyboard.press('Escape')
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Goes to a path as a link in the app would, without loading the page again (offline, nothing could load it). */
async function navigateInApp(page, path) {
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

const accounts = { buyer, seller, admin: adminAccount }

/** Walks one person's screens at one width in one language; answers what does not fit. */
async function walk(role, locale, width) {
  const account = accounts[role]
  // Their account's language wins over the device's.
  if (account) await api[account.email]('PATCH', '/api/auth/me', { language: appLocale(locale) })
  const { context, page, errors } = await device(width, locale)
  const found = []
  // Screenshots of the phone in German and French, to look at.
  const shot =
    (width === 360 || process.env.REHOME_LAYOUT_SHOTS) && ['de', 'fr', 'pseudo'].includes(locale)
      ? `${locale}-${role}`
      : undefined
  try {
    if (account) {
      // Signed in by the API: the login form's labels are in the language under test.
      const response = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } })
      assert.equal(response.status(), 200, await response.text())
    }
    for (const [name, path, ready, then, options = {}] of walks[role](locale)) {
      if (only.screens && !only.screens.test(name)) continue
      await open(page, path, ready)
      assert.equal(await page.evaluate(() => document.documentElement.lang), appLocale(locale), `<html lang> on ${name}`)
      const check = (what, { axe } = {}) => checkScreen(page, { width, locale, what, found, shot, axe })
      await check(name, options)
      if (then) await then(page, check, width)
    }
    assert.deepEqual(errors, [], `page errors: ${errors.join('\n')}`)
  } finally {
    await context.close()
  }
  return found
}

for (const locale of ['de', 'fr', 'en', 'pseudo'].filter((locale) => !only.locales || only.locales.includes(locale))) {
  for (const role of ['visitor', 'buyer', 'seller', 'admin'].filter((role) => !only.roles || only.roles.includes(role))) {
    test(`${role}: every screen fits 360 and 1280 px in ${locale}`, async () => {
      const found = [...(await walk(role, locale, 360)), ...(await walk(role, locale, 1280))]
      assert.deepEqual(found, [], `${role} in ${locale}:\n${found.join('\n')}`)
    })
  }
}
