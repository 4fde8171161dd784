// Blocking and suspending, on a server of its own, at 360 px: a seller blocks
// a buyer from their conversation, the buyer's next message is refused with
// the server's reason, Profile lists the block and lifts it; an admin
// suspends a seller for 3 days with a reason on All Users, and the seller,
// signing in, is told until when and why.
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  expectAccessible,
  expectToast,
  logIn,
  loginStatus,
  pictureForm,
  registerThroughApi,
  signedIn,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@safety.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@safety.test', password: 'buyer password 1' }
const refused = 'You cannot message this person'
const reason = 'Listings copied from another site'

let server, browser, pictures, table, conversationPath

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  const admin = await signedIn(server.url, adminAccount)
  await admin('POST', '/api/categories', await pictureForm({ name: 'Tables' }, pictures.sofaCategory))
  await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  const sam = await signedIn(server.url, seller)
  const image = await sam('POST', '/api/images', await pictureForm({}, pictures.sofa))
  table = await sam('POST', '/api/products', {
    category: 'Tables',
    product: 'Oak table',
    description: 'Seats six.',
    image: image.url,
    condition: 'Good',
    location: 'Riverside',
    original_price: 400,
    resale_price: 120,
    seller_phone: '+1 555 0101',
    purchase_year: 2018,
    use_period: '6 years',
  })
  const bea = await signedIn(server.url, buyer)
  const first = await bea('POST', `/api/products/${table.id}/messages`, { text: 'Is the table still available?' })
  conversationPath = `/dashboard/messages/${first.conversation_id}`
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

async function open(account, width = 360) {
  const context = await newContext(browser, server.url, width)
  const page = await context.newPage()
  const watcher = watch(page)
  if (account) await logIn(page, account)
  return { context, page, watcher }
}

const thread = (page) => page.getByRole('list', { name: 'Messages' })

test("a seller blocks a buyer from their conversation; the buyer's next message is refused and says why; Profile lifts the block", async () => {
  const sam = await open(seller)
  await sam.page.goto(conversationPath)
  await thread(sam.page).getByText('Is the table still available?').waitFor()

  const more = sam.page.getByRole('button', { name: 'More actions' })
  await more.click()
  await sam.page.getByRole('button', { name: `Block ${buyer.name}` }).waitFor()
  await screenshots(sam.page, 'safety-thread-menu', { widths: [360], fullPage: false })
  await sam.page.getByRole('button', { name: `Block ${buyer.name}` }).click()
  const dialog = sam.page.getByRole('dialog', { name: `Block ${buyer.name}?` })
  await dialog
    .getByText("They won't be able to message you or book your listings, and you won't see their listings. They are not told.")
    .waitFor()
  await expectAccessible(sam.page, 'the Block dialog')
  await screenshots(sam.page, 'safety-block-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Block' }).click()

  await sam.page.getByText(`You blocked ${buyer.name}.`).waitFor()
  await dialog.waitFor({ state: 'hidden' })
  assert.equal(await sam.page.getByLabel(`Message to ${buyer.name}`).isDisabled(), true)
  assert.equal(await more.count(), 0)
  await expectAccessible(sam.page, 'a thread with someone blocked')
  await screenshots(sam.page, 'safety-blocked-thread')

  // The buyer is not told: their thread looks as before, until a message is refused.
  const bea = await open(buyer)
  await bea.page.goto(conversationPath)
  await thread(bea.page).getByText('Is the table still available?').waitFor()
  const box = bea.page.getByLabel(`Message to ${seller.name}`)
  assert.equal(await box.isEnabled(), true)
  bea.watcher.allowApi(403, '/api/conversations/')
  await box.fill('Hello? I can come tonight.')
  await box.press('Enter')
  await bea.page.getByRole('alert').filter({ hasText: refused }).waitFor()
  // The text stays, to keep or copy; nothing reached the seller.
  assert.equal(await box.inputValue(), 'Hello? I can come tonight.')
  assert.equal(await thread(sam.page).getByText('Hello? I can come tonight.').count(), 0)
  await screenshots(bea.page, 'safety-message-refused')

  // Written offline, it waits; once sent and refused, the thread says so in its place.
  await bea.page.evaluate(() => navigator.serviceWorker.ready)
  await bea.context.setOffline(true)
  bea.watcher.allowApi(403, '/api/conversations/')
  await box.fill('Written on the train')
  await box.press('Enter')
  const waiting = thread(bea.page).getByRole('listitem').filter({ hasText: 'Written on the train' })
  await waiting.filter({ hasText: 'Waiting to send' }).waitFor()
  await bea.context.setOffline(false)
  await waiting.filter({ hasText: `Not sent: ${refused}` }).waitFor()
  await expectToast(bea.page, `Oak table: ${refused}`)
  await screenshots(bea.page, 'safety-offline-message-refused', { widths: [360], fullPage: false })
  await waiting.getByRole('button', { name: 'Dismiss the message not sent' }).click()
  await waiting.waitFor({ state: 'detached' })

  // Profile lists the block, and lifts it.
  await sam.page.goto('/dashboard/profile')
  const section = sam.page.getByRole('region', { name: 'Blocked people' })
  await section.getByRole('list', { name: 'Blocked people' }).getByText(buyer.name).waitFor()
  await screenshots(sam.page, 'safety-profile-blocked')
  await section.getByRole('button', { name: `Unblock ${buyer.name}` }).click()
  await expectToast(sam.page, `Unblocked ${buyer.name}`)
  await section.getByText('You have not blocked anyone.').waitFor()

  // Unblocked, the same message goes through.
  await box.fill('Hello? I can come tonight.')
  await box.press('Enter')
  await thread(bea.page).getByRole('listitem').filter({ hasText: 'Hello? I can come tonight.' }).waitFor()
  await bea.page.getByRole('alert').filter({ hasText: refused }).waitFor({ state: 'detached' })

  sam.watcher.check()
  bea.watcher.check()
  await sam.context.close()
  await bea.context.close()
})

test('an admin suspends a seller for 3 days with a reason on All Users; the seller, signing in, is told until when and why', async () => {
  const admin = await open(adminAccount)
  await admin.page.goto('/dashboard/allusers')
  await admin.page.getByRole('button', { name: `Suspend ${seller.name}` }).click()
  const dialog = admin.page.getByRole('dialog', { name: 'Suspend this account?' })
  const days = dialog.getByLabel('Days')
  assert.equal(await days.inputValue(), '7')
  await days.fill('3')
  await dialog.getByLabel('Reason').fill(reason)
  await expectAccessible(admin.page, 'the Suspend dialog')
  await screenshots(admin.page, 'safety-suspend-dialog', { fullPage: false })
  const suspendedAt = Date.now()
  await dialog.getByRole('button', { name: 'Suspend' }).click()
  await expectToast(admin.page, `${seller.name} is suspended`)

  const row = admin.page.getByRole('row').filter({ hasText: seller.email })
  await row.getByText(/^Suspended until /).waitFor()
  await row.getByText(`Reason: ${reason}`).waitFor()
  await row.getByRole('button', { name: `Unsuspend ${seller.name}` }).waitFor()
  assert.equal(await row.getByText(/^Suspended until /).getAttribute('title'), reason)
  await expectAccessible(admin.page, 'All Users with a suspended account')
  await screenshots(admin.page, 'safety-all-users-suspended')
  admin.watcher.check()
  await admin.context.close()

  const sam = await open(null)
  sam.watcher.allowApi(403, '/api/auth/login')
  await sam.page.goto('/login')
  await sam.page.getByLabel('Email', { exact: true }).fill(seller.email)
  await sam.page.getByLabel('Password', { exact: true }).fill(seller.password)
  await sam.page.getByRole('button', { name: 'Login', exact: true }).click()
  const alert = sam.page.getByRole('alert').filter({ hasText: 'Your account is suspended until' })
  await alert.waitFor()
  const told = (await alert.innerText()).trim()
  const match = /^Your account is suspended until (\d{1,2} \w+ \d{4}, \d{2}:\d{2}) UTC: (.+)$/.exec(told)
  assert.ok(match, told)
  assert.equal(match[2], reason)
  // Three days from when the admin suspended, to the minute the server writes.
  const until = Date.parse(`${match[1].replace(',', '')} UTC`)
  const expected = suspendedAt + 3 * 24 * 60 * 60 * 1000
  assert.ok(Math.abs(until - expected) < 2 * 60 * 1000, `${match[1]} is not 3 days after the suspension`)
  assert.equal(new URL(sam.page.url()).pathname, '/login')
  await expectAccessible(sam.page, 'the login screen of a suspended person')
  await screenshots(sam.page, 'safety-login-suspended')
  assert.equal(await loginStatus(server.url, seller), 403)
  sam.watcher.check()
  await sam.context.close()
})
