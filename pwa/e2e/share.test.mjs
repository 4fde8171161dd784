// Links that look good when shared: a link preview, which runs no script,
// reads a listing's title, picture and price from the HTML the server sends;
// a browser shows the community's name as the page's title before any script
// runs; the installed app takes the community's name from the manifest.
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, startServer } from './harness.mjs'
import { pictureForm, registerThroughApi, signedIn, writePictures } from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@share.test', password: 'seller password 1' }
const site = { name: 'Riverside Swap', tagline: 'Furniture from next door' }

let server, browser, pictures, admin, product

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  admin = await signedIn(server.url, adminAccount)
  await admin('POST', '/api/categories', await pictureForm({ name: 'Sofas' }, pictures.sofaCategory))
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  const sam = await signedIn(server.url, seller)
  const image = await sam('POST', '/api/images', await pictureForm({}, pictures.sofa))
  product = await sam('POST', '/api/products', {
    category: 'Sofas',
    product: 'Teal velvet sofa',
    description: 'Three seats, teal velvet, no stains.',
    image: image.url,
    condition: 'Good',
    location: 'Riverside',
    original_price: 600,
    resale_price: 240,
    seller_phone: '+1 555 0101',
    purchase_year: 2020,
    use_period: '3 years',
  })
  await admin('PUT', '/api/site', { ...site, public_listings: true })
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

/** The content of <meta property|name="key">, read from HTML as a link preview would. */
function metaContent(html, key) {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`))
  return tag?.[1]
}

test("a link preview reads the listing's card from the HTML alone", async () => {
  const response = await fetch(`${server.url}/products/${product.id}`, {
    headers: { 'User-Agent': 'facebookexternalhit/1.1', Accept: 'text/html' },
  })
  assert.equal(response.status, 200)
  const html = await response.text()
  assert.equal(metaContent(html, 'og:title'), 'Teal velvet sofa — $240')
  assert.equal(metaContent(html, 'og:type'), 'product')
  assert.equal(metaContent(html, 'og:site_name'), site.name)
  assert.equal(metaContent(html, 'og:url'), `${server.url}/products/${product.id}`)
  assert.equal(metaContent(html, 'description'), 'Three seats, teal velvet, no stains.')
  const image = metaContent(html, 'og:image')
  assert.equal(image, server.url + product.thumb_url)
  const picture = await fetch(image)
  assert.equal(picture.status, 200)
  assert.match(picture.headers.get('content-type'), /^image\//)

  const data = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)[1])
  assert.equal(data['@type'], 'Product')
  assert.deepEqual(data.offers, {
    '@type': 'Offer',
    price: '240.00',
    priceCurrency: 'USD',
    availability: 'https://schema.org/InStock',
    url: `${server.url}/products/${product.id}`,
  })
})

test("the page's title is the community's name before any script runs", async () => {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  assert.equal(await page.title(), `${site.name} — ${site.tagline}`)
  await page.goto(`/products/${product.id}`)
  assert.equal(await page.title(), `Teal velvet sofa — $240 · ${site.name}`)
  await context.close()
})

test("the installed app takes the community's name, also once the service worker serves the app", async () => {
  const context = await newContext(browser, server.url)
  const page = await context.newPage()
  await page.goto('/')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await admin('PUT', '/api/site', { name: 'Riverside Swap Shop' })
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const cdp = await context.newCDPSession(page)
  const { data } = await cdp.send('Page.getAppManifest')
  const manifest = JSON.parse(data)
  assert.equal(manifest.name, 'Riverside Swap Shop')
  assert.equal(manifest.short_name, 'Riverside')
  await admin('PUT', '/api/site', { name: site.name })
  await context.close()
})
