// The community's own words, on a server of its own: at 360 px the admin
// writes the site's name, About text (with a link) and rules on Site
// settings, previews them, saves, and finds them in the header, the tab's
// title, the footer and the About page; a visitor who never signed in reads
// About, Privacy and Terms, and About again offline. Every main screen, seen
// by an admin at 360 px, carries no template leftover and no footer link
// home but the logo.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  eventually,
  expectAccessible,
  expectPath,
  expectToast,
  logIn,
  nextFrames,
  savedOnDevice,
  signedIn,
  watch,
} from './support.mjs'

let server, browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

const site = {
  name: 'Riverside Swap',
  tagline: 'Furniture and more, passed on along the river',
  about: 'Run by the Riverside residents. We meet at [the community hall](https://hall.example/riverside).',
  rules: '- Be kind in messages\n- Keep your pickup times',
  contact: 'admins@riverside.example',
}

const leftovers = /\b(Upgrade to Pro|Brand Center|Discord|Careers|Components|Documentation|Licensing|MacOS)\b/

/** Accessible at both widths, back at the first. */
async function expectAccessibleAtBothWidths(page, what) {
  const original = page.viewportSize()
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 })
    await nextFrames(page)
    await expectAccessible(page, `${what} at ${width} px`)
  }
  await page.setViewportSize(original)
  await nextFrames(page)
}

test("at 360 px, an admin writes the site's texts with a preview, and the header, title, footer and About page show them", async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  try {
    await logIn(page, adminAccount)
    await page.goto('/dashboard')
    await page.getByRole('button', { name: 'Dashboard menu' }).click()
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Site settings' }).click()
    await expectPath(page, '/dashboard/site')
    await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor()
    const name = page.getByLabel('Name', { exact: true })
    assert.equal(await name.inputValue(), 'Rehome')
    await expectAccessibleAtBothWidths(page, 'Site settings')

    await name.fill(site.name)
    await page.getByLabel('Tagline', { exact: true }).fill(site.tagline)
    await page.getByLabel('Contact email', { exact: true }).fill(site.contact)
    await page.getByLabel('About', { exact: true }).fill(site.about)
    await page.getByLabel('Rules', { exact: true }).fill(site.rules)

    // On a phone, one at a time: the preview replaces the text while shown.
    const aboutView = page.getByRole('group', { name: 'Show About' })
    await aboutView.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByRole('region', { name: 'Preview of About' })
    const previewLink = preview.getByRole('link', { name: 'the community hall' })
    await previewLink.waitFor()
    assert.equal(await previewLink.getAttribute('href'), 'https://hall.example/riverside')
    assert.equal(await previewLink.getAttribute('rel'), 'nofollow ugc')
    assert.equal(await page.getByLabel('About', { exact: true }).isVisible(), false)
    await expectAccessibleAtBothWidths(page, 'Site settings, previewing About')

    await page.getByRole('button', { name: 'Save settings' }).click()
    await expectToast(page, 'Site settings saved')

    // The header and the tab's title follow at once.
    const banner = page.getByRole('banner')
    await banner.getByRole('link', { name: site.name, exact: true }).waitFor()
    await screenshots(page, 'site-settings')
    await aboutView.getByRole('button', { name: 'Write' }).click()
    assert.equal(await page.getByLabel('About', { exact: true }).inputValue(), site.about)
    await eventually(async () => assert.equal(await page.title(), `Site settings · ${site.name}`))
    const footer = page.getByRole('contentinfo')
    await footer.getByText(`© ${new Date().getFullYear()} ${site.name}`).waitFor()
    await footer.getByText(site.tagline).waitFor()
    assert.equal(await footer.getByRole('link', { name: 'Contact an admin' }).getAttribute('href'), `mailto:${site.contact}`)

    // The footer's Rules lead to them on the About page.
    await footer.getByRole('link', { name: 'Rules', exact: true }).click()
    await expectPath(page, '/about')
    await page.getByRole('heading', { level: 1, name: `About ${site.name}` }).waitFor()
    const main = page.getByRole('main')
    const aboutLink = main.getByRole('link', { name: 'the community hall' })
    assert.equal(await aboutLink.getAttribute('rel'), 'nofollow ugc')
    await main.getByRole('heading', { level: 2, name: 'Rules' }).waitFor()
    await main.getByText('Keep your pickup times').waitFor()
    assert.equal(await main.getByRole('link', { name: 'Contact an admin' }).getAttribute('href'), `mailto:${site.contact}`)
    assert.equal(await page.title(), `About ${site.name} · ${site.name}`)
    // Scrolled to the rules, their heading in view under the sticky top bar.
    await eventually(async () => {
      const top = await main.getByRole('heading', { level: 2, name: 'Rules' }).evaluate((h) => h.getBoundingClientRect().top)
      assert.ok(top >= 0 && top < 200, `the Rules heading is at ${top}px`)
    })
    watcher.check()
  } finally {
    await context.close()
  }
})

test('a visitor who never signed in reads About, Privacy and Terms, and About again offline', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  try {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('link', { name: 'Privacy', exact: true }).click()
    await expectPath(page, '/privacy')
    await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor()
    await page.getByRole('main').getByText('An admin should write this community').waitFor()

    await footer.getByRole('link', { name: 'Terms', exact: true }).click()
    await expectPath(page, '/terms')
    await page.getByRole('heading', { level: 1, name: 'Terms' }).waitFor()

    await footer.getByRole('link', { name: 'About', exact: true }).click()
    await expectPath(page, '/about')
    const heading = page.getByRole('heading', { level: 1, name: /^About / })
    await heading.waitFor()
    await expectAccessibleAtBothWidths(page, 'About')
    await screenshots(page, 'about')

    // Saved on the device: it opens with no connection.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await eventually(async () => assert.ok((await savedOnDevice(page)).public.includes('site/settings'), 'site saved'))
    const title = await heading.textContent()
    watcher.check()
    await context.setOffline(true)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await page.getByRole('main').getByRole('heading', { level: 2, name: 'Rules' }).waitFor()
  } finally {
    await context.close()
  }
})

test('at 360 px, no screen an admin opens shows a template leftover or a footer link home but the logo', async () => {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  try {
    await logIn(page, adminAccount)
    const { name } = await (await fetch(`${server.url}/api/site`)).json()
    const screens = [
      ['/', { level: 1 }],
      ['/categories', { level: 1, name: 'Categories' }],
      ['/blogs', { level: 1, name: 'Blogs' }],
      ['/about', { level: 1, name: /^About / }],
      ['/privacy', { level: 1, name: 'Privacy' }],
      ['/terms', { level: 1, name: 'Terms' }],
      ['/dashboard', { level: 1, name: 'Welcome to dashboard' }],
      ['/dashboard/allusers', { level: 1, name: 'Users' }],
      ['/dashboard/audit', { level: 1, name: 'Audit log' }],
      ['/dashboard/site', { level: 1, name: 'Site settings' }],
      ['/dashboard/messages', { level: 1, name: 'Messages' }],
      ['/dashboard/profile', { level: 1, name: 'Profile' }],
      ['/no-such-page', { level: 1 }],
    ]
    for (const [path, heading] of screens) {
      await page.goto(path)
      await page.getByRole('heading', heading).first().waitFor()
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact an admin' }).waitFor()
      // All of the page's text, the folded sidebar's and menu's too. Posts are
      // the community's own words and may name anything: on Blogs, only the
      // frame around them is searched.
      const frame = path === '/blogs' ? 'header, footer, aside' : 'body'
      const text = await page.locator(frame).evaluateAll((els) => els.map((el) => el.textContent).join('\n'))
      const found = text.match(leftovers)
      assert.equal(found, null, `${path} shows "${found?.[0]}"`)

      const home = await page
        .getByRole('contentinfo')
        .locator('a[href="/"], a[href=""], a[href="#"]')
        .evaluateAll((links) => links.map((a) => a.textContent.trim()))
      assert.deepEqual(home, [name], `${path}: the footer's links home`)
    }
    watcher.check()
  } finally {
    await context.close()
  }
})

test('at 360 px, a name and tagline of the longest kind fit the header without scrolling sideways', async () => {
  const admin = await signedIn(server.url, adminAccount)
  const before = await admin('GET', '/api/site')
  await admin('PUT', '/api/site', {
    name: 'The Riverside and Hillside Neighbourhood Furniture Swap Club',
    tagline: 'T'.repeat(140),
  })
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  try {
    await logIn(page, adminAccount)
    for (const path of ['/', '/dashboard', '/about']) {
      await page.goto(path)
      await page
        .getByRole('banner')
        .getByRole('link', { name: 'The Riverside and Hillside Neighbourhood Furniture Swap Club' })
        .waitFor()
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      const [scrollWidth, clientWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ])
      assert.ok(scrollWidth <= clientWidth, `${path} is ${scrollWidth}px wide in a ${clientWidth}px viewport`)
      // The menu button stays on screen.
      const menu = await page.getByRole('button', { name: 'Open menu' }).boundingBox()
      assert.ok(menu && menu.x + menu.width <= 360, `the menu button is at ${JSON.stringify(menu)}`)
    }
  } finally {
    await context.close()
    await admin('PUT', '/api/site', { name: before.name, tagline: before.tagline })
  }
})
