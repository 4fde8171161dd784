// Getting around, on a server of its own: the empty home page, login,
// guards that redirect and return, blogs, 404, the error page, the mobile
// menu at 360 px and the keyboard.
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import { expectPath, isFocused, logIn, registerThroughApi, watch, writePictures } from './support.mjs'

const buyer = { name: 'Nia Navigator', email: 'nia@e2e.test', password: 'nia password 1' }

let server, browser, pictures

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

async function open(width = 1280, options) {
  const context = await newContext(browser, server.url, width, options)
  const page = await context.newPage()
  return { context, page, watcher: watch(page) }
}

test('the home page without categories says so', async () => {
  const { context, page, watcher } = await open()
  await page.goto('/')
  await page.getByRole('heading', { name: 'Rehome', level: 1 }).waitFor()
  await page.getByText('No categories yet').waitFor()
  assert.equal(await page.getByRole('heading', { name: 'Advertised Products' }).count(), 0)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).waitFor()
  await page.getByText(`© ${new Date().getFullYear()}`).waitFor()
  await screenshots(page, 'home-empty')
  watcher.check()
  await context.close()
})

test('guards send a signed-out visitor to /login and back after signing in; a buyer is kept off admin screens', async () => {
  const { context, page, watcher } = await open()
  await page.goto('/dashboard/myorders')
  await expectPath(page, '/login')
  await page.getByRole('heading', { name: 'Login' }).waitFor()
  await page.getByText('Log in to see the listings').waitFor()

  // Both fields are required; a wrong password gets the server's message.
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  assert.equal(await page.getByText('This field is required').count(), 2)
  await page.getByLabel('Email', { exact: true }).fill(buyer.email)
  await page.getByLabel('Password', { exact: true }).fill('not the password')
  watcher.allowApi(401, '/api/auth/login')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByRole('alert').getByText('Invalid email or password').waitFor()
  await screenshots(page, 'login')

  await logIn(page, buyer, { goto: false })
  await expectPath(page, '/dashboard/myorders')
  await page.getByRole('heading', { name: 'My Orders' }).waitFor()
  await page.getByText('You have no orders').waitFor()
  await screenshots(page, 'my-orders-empty')

  // A buyer asking for an admin or seller screen is told why not, not asked to log in.
  await page.goto('/dashboard/allusers')
  await page.getByText('This page is for admins').waitFor()
  await screenshots(page, 'not-for-you')
  await page.getByRole('link', { name: 'Back to the home page' }).click()
  await expectPath(page, '/')
  // A seller's screen offers a buyer the way on: starting to sell.
  await page.goto('/dashboard/addproduct')
  await page.getByText('This page is for sellers').waitFor()
  await page.getByRole('link', { name: 'Start selling' }).click()
  await expectPath(page, '/sell')
  await page.getByRole('heading', { level: 1, name: 'Start selling' }).waitFor()

  // The doubled-prefix links of the old app still land.
  await page.goto('/dashboard/dashboard/myorders')
  await expectPath(page, '/dashboard/myorders')
  watcher.check()
  await context.close()
})

test('blogs, and the 404 page with its way home', async () => {
  const { context, page, watcher } = await open()
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click()
  await expectPath(page, '/blogs')
  await page.getByRole('heading', { name: 'Blogs', level: 1 }).waitFor()
  // A new marketplace has no posts yet (posts.test.mjs writes some).
  await page.getByText('No posts yet').waitFor()
  await screenshots(page, 'blogs')

  await page.goto('/no/such/page')
  await page.getByRole('heading', { name: 'Error 404' }).waitFor()
  await page.getByText('You are lost in the forest').waitFor()
  await page.getByText('Looks like you have come to the forest in search of furniture').waitFor()
  assert.equal(await page.title(), 'Error 404 · Rehome')
  await screenshots(page, 'not-found')
  await page.getByRole('link', { name: 'Go Back' }).click()
  await expectPath(page, '/')
  watcher.check()
  await context.close()
})

test('the error page shows what went wrong and logs out from there', async () => {
  // No service worker: it would answer the screen's code from its cache.
  const { context, page, watcher } = await open(1280, { serviceWorkers: 'block' })
  await logIn(page, buyer)
  await expectPath(page, '/')
  // The Blogs screen's code fails to load, as on a flaky network.
  await page.route('**/assets/blogs-*.js', (route) => route.abort('failed'))
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click()
  await page.getByRole('heading', { name: 'Something is wrong!' }).waitFor()
  await page.getByText(/dynamically imported module/).waitFor()
  await screenshots(page, 'error')
  await page.unroute('**/assets/blogs-*.js')
  await page.getByRole('button', { name: 'Please Log Out' }).click()
  await expectPath(page, '/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).waitFor()
  await page.goto('/dashboard')
  await expectPath(page, '/login')
  watcher.check()
  await context.close()
})

test('at 360 px the menu opens full screen, closes on Escape and gives the focus back', async () => {
  const { context, page, watcher } = await open(360)
  await page.goto('/')
  // index.html draws the frame, menu button included, before the app has
  // started; a tap on that button does nothing until the app replaces it.
  await page.getByRole('heading', { name: 'Rehome', level: 1 }).waitFor()
  const main = page.getByRole('navigation', { name: 'Main' })
  assert.equal(await main.getByRole('link', { name: 'Blogs' }).isVisible(), false)
  const menuButton = page.getByRole('button', { name: 'Open menu' })
  await menuButton.click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await menu.waitFor()
  for (const name of ['Home', 'Dashboard', 'Blogs', 'Log In']) {
    await menu.getByRole('link', { name, exact: true }).waitFor()
  }
  const box = await menu.boundingBox()
  assert.ok(box && box.width >= 359 && box.height >= 779, `the menu fills the screen (${JSON.stringify(box)})`)
  await screenshots(page, 'mobile-menu', { widths: [360], fullPage: false })

  await page.keyboard.press('Escape')
  await menu.waitFor({ state: 'hidden' })
  assert.ok(await isFocused(menuButton), 'the focus is back on the menu button')

  // With the keyboard alone: open, go to Blogs.
  await page.keyboard.press('Enter')
  await menu.waitFor()
  await menu.getByRole('link', { name: 'Blogs' }).click()
  await menu.waitFor({ state: 'hidden' })
  await expectPath(page, '/blogs')

  // Signed in, the dashboard's sidebar folds behind its own button.
  await logIn(page, buyer)
  await page.goto('/dashboard')
  await page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()
  const sidebarButton = page.getByRole('button', { name: 'Dashboard menu' })
  const myOrders = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' })
  assert.equal(await myOrders.isVisible(), false)
  await screenshots(page, 'dashboard-buyer', { widths: [360] })
  await sidebarButton.click()
  await myOrders.waitFor()
  await screenshots(page, 'dashboard-menu', { widths: [360] })
  await myOrders.click()
  await expectPath(page, '/dashboard/myorders')
  assert.equal(await sidebarButton.getAttribute('aria-expanded'), 'false')
  watcher.check()
  await context.close()
})
