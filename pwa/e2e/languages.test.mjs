// Every community speaks its own language: at 360 px a buyer picks German
// on Profile, and the app turns German at once; the main screens, a toast
// and a refusal of the server then carry no English. The same in French,
// picked in the footer by a visitor before signing in. With dir="rtl", the
// main screens fit 360 px without scrolling sideways, so that a
// right-to-left language needs only its catalog.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, startServer } from './harness.mjs'
import {
  englishOn,
  expectPath,
  expectToast,
  logIn,
  nextFrames,
  pictureForm,
  registerThroughApi,
  signedIn,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Sommer', email: 'sam@languages.test', password: 'seller password 1' }
const buyer = { name: 'Bea Berger', email: 'bea@languages.test', password: 'buyer password 1' }
const other = { name: 'Cleo Carré', email: 'cleo@languages.test', password: 'buyer password 1' }
const third = { name: 'Dana Dunn', email: 'dana@languages.test', password: 'buyer password 1' }

let server, browser, product

before(async () => {
  let pictures
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  const admin = await signedIn(server.url, adminAccount)
  // The community's own texts, which no catalog translates: none English.
  await admin('PUT', '/api/site', { name: 'Flussufer', tagline: 'Möbel von nebenan', public_listings: true })
  await admin('POST', '/api/categories', await pictureForm({ name: 'Sofas' }, pictures.sofaCategory))
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  await registerThroughApi(server.url, { ...other, picture: pictures.buyer })
  await registerThroughApi(server.url, { ...third, picture: pictures.buyer })
  const sam = await signedIn(server.url, seller)
  const image = await sam('POST', '/api/images', await pictureForm({}, pictures.sofa))
  product = await sam('POST', '/api/products', {
    category: 'Sofas',
    product: 'Samtsofa',
    description: 'Tiefe Kissen, kaum benutzt.',
    image: image.url,
    condition: 'Good',
    location: 'Altstadt',
    original_price: 600,
    resale_price: 240,
    seller_phone: '+49 30 1234567',
    purchase_year: 2020,
    use_period: '3 Jahre',
  })
  // Each buyer has booked it and written about it: their orders and
  // messages are not empty.
  for (const account of [buyer, other, third]) {
    const api = await signedIn(server.url, account)
    await api('POST', '/api/booked', { product_id: product.id, location: 'Altstadt', buyer_phone: '+49 30 7654321' })
    await api('POST', `/api/products/${product.id}/messages`, { text: 'Passt es ins Auto?' })
  }
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

/** The screens a buyer walks, each with what it shows once its data is there. */
const screens = () => [
  ['/', 'home', 'Samtsofa'],
  ['/categories', 'categories', 'Sofas'],
  ['/categories/Sofas', 'a category', 'Samtsofa'],
  [`/products/${product.id}`, 'a product', 'Tiefe Kissen, kaum benutzt.'],
  ['/search?q=sofa', 'search', 'Samtsofa'],
  ['/dashboard/myorders', 'my orders', 'Samtsofa'],
  ['/dashboard/messages', 'messages', 'Samtsofa'],
  ['/dashboard/profile', 'profile', (page) => page.locator('select[aria-describedby]')],
]

/** Opens a screen and waits for its data: a text it shows, or an element. */
async function open(page, path, ready) {
  await page.goto(path)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await (typeof ready === 'function' ? ready(page) : page.getByText(ready)).first().waitFor()
}

async function walk(page, language) {
  for (const [path, name, ready] of screens()) {
    await open(page, path, ready)
    assert.equal(await page.evaluate(() => document.documentElement.lang), language, `<html lang> on ${name}`)
    assert.deepEqual(await englishOn(page), [], `English left on ${name} in ${language}`)
  }
}

test('at 360 px, a buyer picks German on Profile and walks the main screens: no English is left, toasts and errors included', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  try {
    await logIn(page, buyer)
    await page.goto('/dashboard/profile')
    await page.getByLabel('Language of the app').selectOption('de')
    await expectToast(page, 'Deine Sprache ist gespeichert')
    await page.getByLabel('Sprache der App').waitFor()
    await walk(page, 'de')

    // The server answers this person in German too.
    watcher.allowApi(422, '/api/auth/me')
    const refusal = await page.evaluate(async () => {
      const r = await fetch('/api/auth/me', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: '{"phone": "call me"}',
      })
      return r.json()
    })
    assert.equal(refusal.error, 'Bitte korrigiere die markierten Felder')
    assert.equal(refusal.fields.phone, 'Gib eine Telefonnummer mit 6 bis 20 Ziffern ein')
    watcher.check()
  } finally {
    await context.close()
  }
})

test('a visitor picks French in the footer, signs in and walks the main screens: no English is left', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  try {
    await page.goto('/')
    await page.getByRole('contentinfo').getByLabel('Language').selectOption('fr')
    await page.waitForFunction(() => document.documentElement.lang === 'fr')
    assert.deepEqual(await englishOn(page), [], 'English left on the home page in French')
    await page.goto('/login')
    await page.getByLabel('E-mail', { exact: false }).first().fill(other.email)
    await page.getByLabel('Mot de passe', { exact: false }).first().fill(other.password)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname !== '/login')
    await walk(page, 'fr')
    watcher.check()
  } finally {
    await context.close()
  }
})

test('in German, a seller types a measure "90,5" and 90.5 cm is saved, and the day it was posted is written as German writes a day ("7. Dez.")', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  try {
    await logIn(page, seller)
    await page.goto('/dashboard/profile')
    await page.getByLabel('Language of the app').selectOption('de')
    await page.getByLabel('Sprache der App').waitFor()

    await page.goto(`/dashboard/edit-product/${product.id}`)
    // The browser speaks en-US: a measure it read itself would be 905 (or nothing).
    await page.getByLabel('Breite (cm)').fill('90,5')
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/products/${product.id}`) && r.request().method() === 'PATCH')
    await page.getByRole('button', { name: 'Änderungen speichern' }).click()
    assert.equal((await saved).status(), 200)
    const sam = await signedIn(server.url, seller)
    assert.equal((await sam('GET', `/api/products/${product.id}`)).dimensions?.width_cm, 90.5)
    await page.goto(`/dashboard/edit-product/${product.id}`)
    assert.equal(await page.getByLabel('Breite (cm)').inputValue(), '90,5')

    await page.goto(`/products/${product.id}`)
    const day = new Intl.DateTimeFormat('de', { day: 'numeric', month: 'short' }).format(new Date(product.time))
    assert.equal(await page.locator(`time[datetime="${product.time}"]`).first().innerText(), day)
    watcher.check()
  } finally {
    await context.close()
  }
})

test('with dir="rtl", the main screens fit 360 px without scrolling sideways', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  try {
    await logIn(page, third)
    for (const [path, name, ready] of screens()) {
      await open(page, path, ready)
      await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'))
      await nextFrames(page)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      assert.ok(overflow <= 0, `${name} scrolls ${overflow} px sideways right to left`)
    }
    await expectPath(page, '/dashboard/profile')
  } finally {
    await context.close()
  }
})
