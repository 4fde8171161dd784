// No-shows, at 360 px, as the demo marketplace holds one: an agreed pickup
// time three hours past, which only the demo writes (the app proposes future
// times alone), and the seller saying the buyer did not come. The seller's
// My Buyers and the buyer's My Orders say how the booking ended, and the
// buyer's page, which the seller opens from the buyer's name in My Buyers,
// shows their rating and counts it. The buttons that say so need an open
// booking two hours past its pickup time, which no one can make here: the
// unit tests cover them (components/no-show, My Orders, My Buyers).
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { binary, launchBrowser, newContext, screenshots } from './harness.mjs'
import { expectAccessible, logIn, signedIn, watch } from './support.mjs'

let demo, browser
// The booking that ended so, as its seller's My Buyers has it, and both sides' accounts.
let booking, seller, buyer, buyerId, admin

/** `rehome serve --demo` on a free port and a fresh data dir, once it says the demo is ready; its accounts from its log. */
async function startDemo() {
  const data = await mkdtemp(join(tmpdir(), 'rehome-e2e-demo-'))
  const child = spawn(binary, ['serve', '--demo', '--addr', '127.0.0.1:0', '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] })
  process.once('exit', () => child.kill('SIGKILL'))
  let log = ''
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await new Promise((resolve, reject) => {
    const read = (chunk) => {
      log += chunk
      if (log.includes('the demo marketplace is ready')) resolve()
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exited.then((code) => reject(new Error(`the demo server stopped (${code}):\n${log}`)))
  })
  const url = /msg="Rehome is listening" url=(http:\/\/\S+)/.exec(log)?.[1]
  assert.ok(url, log)
  const accounts = new Map(
    [...log.matchAll(/email=(\S+) password=(\S+)/g)].map(([, email, password]) => [email, { email, password }]),
  )
  return {
    url,
    accounts,
    async stop() {
      child.kill('SIGTERM')
      await exited
      await rm(data, { recursive: true, force: true })
    },
  }
}

before(async () => {
  ;[demo, browser] = await Promise.all([startDemo(), launchBrowser()])
  for (const account of demo.accounts.values()) {
    const as = await signedIn(demo.url, account)
    const { role } = await as('GET', '/api/auth/me')
    if (role === 'Admin') admin = account
    if (role !== 'Seller') continue
    const ended = (await as('GET', '/api/mybuyers?limit=100')).items.find((item) => item.no_show === 'buyer')
    if (ended) [booking, seller] = [ended, account]
  }
  assert.ok(booking, 'the demo has a booking its buyer did not come to')
  // The seller no longer reads the buyer's email on an ended booking: the
  // buyer is whoever finds it among their own orders.
  for (const account of demo.accounts.values()) {
    const as = await signedIn(demo.url, account)
    if (!(await as('GET', '/api/booked?limit=100')).items.some((item) => item.id === booking.id)) continue
    buyer = account
    buyerId = (await as('GET', '/api/auth/me')).id
  }
  assert.ok(buyer, "the booking's buyer is among the demo's accounts")
})

after(async () => {
  await browser?.close()
  await demo?.stop()
})

async function phone(account) {
  const context = await newContext(browser, demo.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  await logIn(page, account)
  return { context, page, watcher }
}

test("the seller's My Buyers and the buyer's My Orders say the booking ended because the buyer did not come", async () => {
  assert.equal(booking.status, 'Declined')
  const sam = await phone(seller)
  await sam.page.goto('/dashboard/mybuyers')
  const row = sam.page.getByRole('row').filter({ hasText: booking.product }).filter({ hasText: booking.buyer_name })
  await row.getByText('Ended: the buyer didn’t come').waitFor()
  await row.getByText('No-show', { exact: true }).waitFor()
  assert.equal(await row.getByText('Declined', { exact: true }).count(), 0)
  assert.equal(await row.getByText(booking.decline_reason).count(), 0)
  // No booking of the demo is open two hours past its pickup time.
  assert.equal(await sam.page.getByRole('button', { name: /didn’t come/ }).count(), 0)
  await expectAccessible(sam.page, 'My Buyers with a no-show at 360 px')
  await screenshots(sam.page, 'no-show-my-buyers')
  sam.watcher.check()

  const bea = await phone(buyer)
  await bea.page.goto('/dashboard/myorders')
  const order = bea.page.getByRole('row').filter({ hasText: booking.product })
  await order.getByText('Ended: the seller said you didn’t come').waitFor()
  await order.getByText('No-show', { exact: true }).waitFor()
  await expectAccessible(bea.page, 'My Orders with a no-show at 360 px')
  await screenshots(bea.page, 'no-show-my-orders')
  bea.watcher.check()
  await bea.context.close()

  // The buyer's name in My Buyers opens their page: their rating, and the
  // no-show counted; the seller may report them there. They sell nothing.
  const profile = await (await signedIn(demo.url, seller))('GET', `/api/users/${buyerId}/profile`)
  assert.ok(profile.no_shows >= 1)
  assert.equal(profile.sells, false)
  await row.getByRole('link', { name: booking.buyer_name, exact: true }).click()
  await sam.page.waitForURL(`**/sellers/${buyerId}`)
  const card = sam.page.getByRole('region', { name: booking.buyer_name })
  await (
    profile.rating.count > 0
      ? card.getByText(profile.rating.average.toFixed(1), { exact: true })
      : card.getByText('No reviews yet')
  ).waitFor()
  await card
    .getByText(profile.no_shows === 1 ? '1 no-show in the last 12 months' : `${profile.no_shows} no-shows in the last 12 months`)
    .waitFor()
  await card.getByText('Only the sellers they booked with see this page').waitFor()
  await card.getByRole('button', { name: 'Report this person' }).waitFor()
  assert.equal(await sam.page.getByRole('heading', { name: /^For sale by/ }).count(), 0)
  await expectAccessible(sam.page, "a buyer's page with a no-show at 360 px")
  await screenshots(sam.page, 'no-show-profile')

  // In German, at 360 px.
  const language = (language) =>
    sam.page.evaluate(async (language) => {
      const r = await fetch('/api/auth/me', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language }),
      })
      if (!r.ok) throw new Error(`language ${language}: ${r.status}`)
    }, language)
  await language('de')
  await sam.page.reload()
  await card.getByText('Nur die Verkäufer, bei denen diese Person gebucht hat, sehen diese Seite').waitFor()
  await screenshots(sam.page, 'buyer-page-de', { widths: [360] })
  await language('en')
  sam.watcher.check()
  await sam.context.close()
})

test('the buyer answers the no-show from My Orders; their page shows the answer, and an admin may remove it there: each passes axe-core', async () => {
  const bea = await phone(buyer)
  await bea.page.goto('/dashboard/myorders')
  const order = bea.page.getByRole('row').filter({ hasText: booking.product })
  await order.getByRole('button', { name: `Answer the no-show: ${booking.product}` }).click()
  const dialog = bea.page.getByRole('dialog', { name: 'Answer the no-show?' })
  await dialog.getByLabel('Your answer').fill('I waited at the corner from 17:55 to 18:30.')
  await expectAccessible(bea.page, 'the no-show answer form at 360 px')
  await dialog.getByRole('button', { name: 'Add my answer' }).click()
  await order.getByText('Your answer: I waited at the corner from 17:55 to 18:30.').waitFor()

  await bea.page.goto(`/sellers/${buyerId}`)
  await bea.page.getByText('Their answer: I waited at the corner from 17:55 to 18:30.').waitFor()
  await expectAccessible(bea.page, "the buyer's own page with the answer at 360 px")
  bea.watcher.check()
  await bea.context.close()

  assert.ok(admin, "the demo's admin is among its accounts")
  const ada = await phone(admin)
  await ada.page.goto(`/sellers/${buyerId}`)
  await ada.page.getByText('Their answer: I waited at the corner from 17:55 to 18:30.').waitFor()
  await ada.page
    .getByRole('button', { name: /^Remove the no-show on / })
    .first()
    .click()
  await ada.page.getByRole('dialog', { name: 'Remove this no-show?' }).waitFor()
  await expectAccessible(ada.page, 'the dialog removing a no-show at 360 px')
  await screenshots(ada.page, 'no-show-remove', { fullPage: false })
  ada.watcher.check()
  await ada.context.close()
})
