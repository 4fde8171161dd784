// The community's posts at 360 px: an admin writes one, previews and
// publishes it, edits it; a visitor who is not signed in reads it; the admin
// deletes it. Blogs, a post and the editor pass axe-core at both widths.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import { expectAccessible, expectPath, expectToast, logIn, watch } from './support.mjs'

let server, browser

before(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

async function open(width = 360) {
  const context = await newContext(browser, server.url, width)
  const page = await context.newPage()
  return { context, page, watcher: watch(page) }
}

/** axe-core at 360 px and at 1280 px, back to 360 px afterwards. */
async function accessibleAtBothWidths(page, what) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 })
    // Colours are checked as they end, not halfway through a button's transition.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await expectAccessible(page, `${what} at ${width} px`)
  }
  await page.setViewportSize({ width: 360, height: 780 })
}

const body = `Our next **swap day** is on Saturday, 10:00 to 14:00, at the Community Hall.

## Bring
- small furniture and lamps
- kitchenware and books

Questions? [Write to us](mailto:admins@rehome.test).`

test('an admin writes, previews, publishes, edits and deletes a post; a visitor reads it', async () => {
  const admin = await open()
  await logIn(admin.page, adminAccount)
  await admin.page.goto('/blogs')
  await admin.page.getByRole('heading', { level: 1, name: 'Blogs' }).waitFor()
  await admin.page.getByText('No posts yet').waitFor()
  await accessibleAtBothWidths(admin.page, 'an empty Blogs')

  await admin.page.getByRole('link', { name: 'New post' }).first().click()
  await expectPath(admin.page, '/blogs/new')
  await admin.page.getByRole('heading', { level: 1, name: 'New post' }).waitFor()
  await accessibleAtBothWidths(admin.page, 'the editor')
  await admin.page.getByLabel('Title').fill('Swap day, 14 June!')
  await admin.page.getByLabel('Body').fill(body)
  await admin.page.getByRole('button', { name: 'Preview' }).click()
  const preview = admin.page.getByRole('region', { name: 'Preview' })
  await preview.getByRole('heading', { level: 2, name: 'Bring' }).waitFor()
  assert.equal(await preview.getByRole('listitem').count(), 2)
  assert.equal(await admin.page.getByLabel('Body').isVisible(), false)
  await accessibleAtBothWidths(admin.page, 'the editor previewing')
  await screenshots(admin.page, 'post-editor-preview')

  await admin.page.getByRole('button', { name: 'Publish' }).click()
  await expectToast(admin.page, 'Post published')
  await expectPath(admin.page, '/blogs/swap-day-14-june')
  await admin.page.getByRole('heading', { level: 1, name: 'Swap day, 14 June!' }).waitFor()

  // The title changes; the address stays.
  await admin.page.getByRole('link', { name: 'Edit' }).click()
  await expectPath(admin.page, '/blogs/swap-day-14-june/edit')
  const title = admin.page.getByLabel('Title')
  await title.waitFor()
  assert.equal(await title.inputValue(), 'Swap day, 14 June!')
  await title.fill('Swap day moves to 21 June')
  await admin.page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(admin.page, 'Post saved')
  await expectPath(admin.page, '/blogs/swap-day-14-june')
  await admin.page.getByRole('heading', { level: 1, name: 'Swap day moves to 21 June' }).waitFor()

  // A visitor, not signed in, finds it on Blogs and reads it.
  const visitor = await open()
  await visitor.page.goto('/blogs')
  const card = visitor.page.getByRole('article', { name: 'Swap day moves to 21 June' })
  await card.getByText('Ada Admin').waitFor()
  await card.getByText(/Our next swap day is on Saturday/).waitFor()
  assert.equal(await visitor.page.getByRole('link', { name: 'New post' }).count(), 0)
  await accessibleAtBothWidths(visitor.page, 'Blogs')
  await screenshots(visitor.page, 'blogs')
  await card.getByRole('link', { name: 'Swap day moves to 21 June' }).click()
  await expectPath(visitor.page, '/blogs/swap-day-14-june')
  const article = visitor.page.getByRole('article', { name: 'Swap day moves to 21 June' })
  await article.getByRole('heading', { level: 2, name: 'Bring' }).waitFor()
  assert.equal(await article.getByRole('link', { name: 'Write to us' }).getAttribute('rel'), 'nofollow ugc')
  assert.equal(await visitor.page.getByRole('button', { name: 'Delete' }).count(), 0)
  assert.equal(await visitor.page.getByRole('link', { name: 'Edit' }).count(), 0)
  assert.equal(await visitor.page.title(), 'Swap day moves to 21 June · Rehome')
  await accessibleAtBothWidths(visitor.page, 'a post')
  await screenshots(visitor.page, 'post')

  // The admin deletes it, after saying so twice.
  await admin.page.getByRole('button', { name: 'Delete' }).click()
  const dialog = admin.page.getByRole('dialog', { name: 'Delete this post?' })
  await dialog.waitFor()
  await screenshots(admin.page, 'post-delete', { fullPage: false })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expectToast(admin.page, 'Post deleted')
  await expectPath(admin.page, '/blogs')
  await admin.page.getByText('No posts yet').waitFor()

  // The visitor's next look finds it gone.
  visitor.watcher.allowApi(404, '/api/posts/swap-day-14-june')
  await visitor.page.reload()
  await visitor.page.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor()

  admin.watcher.check()
  visitor.watcher.check()
  await admin.context.close()
  await visitor.context.close()
})
