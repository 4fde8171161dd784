// Reporting people and what they write, on a server of its own, at 360 px: a
// buyer reports the seller's message in their conversation, with a reason,
// and then the seller from the seller's page; the admin finds both on
// Reported Items, the message with the conversation before it.
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { adminAccount, launchBrowser, newContext, screenshots, startServer } from './harness.mjs'
import {
  expectAccessible,
  expectToast,
  isFocused,
  logIn,
  pictureForm,
  registerThroughApi,
  signedIn,
  watch,
  writePictures,
} from './support.mjs'

const seller = { name: 'Sam Seller', email: 'sam@reports.test', password: 'seller password 1' }
const buyer = { name: 'Bea Buyer', email: 'bea@reports.test', password: 'buyer password 1' }
const question = 'Is the table still available?'
const answer = 'Yes. Send the money by wire first and I will keep it for you.'
const reason = 'Asks to be paid by wire before the pickup'

let server, browser, pictures, sellerId, conversationPath

before(async () => {
  ;[server, browser, pictures] = await Promise.all([startServer(), launchBrowser(), writePictures()])
  const admin = await signedIn(server.url, adminAccount)
  await admin('POST', '/api/categories', await pictureForm({ name: 'Tables' }, pictures.sofaCategory))
  sellerId = (await registerThroughApi(server.url, { ...seller, role: 'Seller', picture: pictures.seller })).id
  await registerThroughApi(server.url, { ...buyer, picture: pictures.buyer })
  const sam = await signedIn(server.url, seller)
  const image = await sam('POST', '/api/images', await pictureForm({}, pictures.sofa))
  const table = await sam('POST', '/api/products', {
    category: 'Tables',
    product: 'Oak table',
    image: image.url,
    condition: 'Good',
    location: 'Riverside',
    resale_price: '120',
  })
  const bea = await signedIn(server.url, buyer)
  const first = await bea('POST', `/api/products/${table.id}/messages`, { text: question })
  await sam('POST', `/api/conversations/${first.conversation_id}/messages`, { text: answer })
  conversationPath = `/dashboard/messages/${first.conversation_id}`
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

async function open(account) {
  const context = await newContext(browser, server.url, 360)
  const page = await context.newPage()
  const watcher = watch(page)
  await logIn(page, account)
  return { context, page, watcher }
}

const thread = (page) => page.getByRole('list', { name: 'Messages' })

test("a buyer reports the seller's message and the seller; the admin sees both, the message with its conversation", async () => {
  const bea = await open(buyer)
  await bea.page.goto(conversationPath)
  const theirs = thread(bea.page).getByRole('listitem').filter({ hasText: answer })
  const mine = thread(bea.page).getByRole('listitem').filter({ hasText: question })
  await theirs.waitFor()
  assert.equal(await mine.getByRole('button', { name: /^Report/ }).count(), 0)
  await screenshots(bea.page, 'report-message-thread', { widths: [360], fullPage: false })

  // By keyboard: the message's Report is in the tab order, after its time.
  const report = theirs.getByRole('button', { name: new RegExp(`^Report: the message from ${seller.name}, `) })
  assert.equal(await report.evaluate((button) => button.tabIndex), 0)
  await report.focus()
  assert.equal(await isFocused(report), true)
  await bea.page.keyboard.press('Enter')
  const dialog = bea.page.getByRole('dialog', { name: 'Report this message?' })
  await dialog.getByText(answer).waitFor()
  await dialog
    .getByText(`An admin will read this message from ${seller.name} with the messages before it in your conversation.`)
    .waitFor()
  await dialog.getByLabel('Reason (optional)').fill(reason)
  await expectAccessible(bea.page, 'the Report dialog of a message at 360 px')
  await screenshots(bea.page, 'report-message-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Report' }).click()
  await expectToast(bea.page, 'Reported successfully')
  await dialog.waitFor({ state: 'hidden' })
  await theirs.getByRole('button', { name: /^Reported: the message from / }).waitFor()
  await screenshots(bea.page, 'report-message-reported', { widths: [360, 1280], fullPage: false })

  // The seller's page: Report this person.
  await bea.page.goto(`/sellers/${sellerId}`)
  await bea.page.getByRole('heading', { level: 1, name: seller.name }).waitFor()
  await bea.page.getByRole('button', { name: 'Report this person' }).click()
  const person = bea.page.getByRole('dialog', { name: `Report ${seller.name}?` })
  await person.getByRole('button', { name: 'Report' }).click()
  await expectToast(bea.page, 'Reported successfully')
  await bea.page.getByRole('button', { name: 'Reported' }).waitFor()
  await expectAccessible(bea.page, "the seller's page after reporting them at 360 px")
  await screenshots(bea.page, 'report-person-reported')
  bea.watcher.check()
  await bea.context.close()

  const admin = await open(adminAccount)
  await admin.page.goto('/dashboard/reporteditems')
  const message = admin.page.getByRole('row').filter({ hasText: `Message from ${seller.name}` })
  await message.getByText(answer).first().waitFor()
  await message.getByText(reason).waitFor()
  await message.getByText('Show the conversation').click()
  const around = message.getByRole('list', { name: `The conversation around the message from ${seller.name}` })
  const lines = around.getByRole('listitem')
  await lines.filter({ hasText: question }).filter({ hasText: 'The reporter' }).waitFor()
  await lines.filter({ hasText: answer }).and(around.locator('[aria-current="true"]')).waitFor()
  const personRow = admin.page.getByRole('row').filter({ has: admin.page.getByRole('link', { name: seller.name, exact: true }) })
  await personRow.getByText('Person', { exact: true }).waitFor()
  await expectAccessible(admin.page, 'Reported Items with a message and a person at 360 px')
  await screenshots(admin.page, 'report-admin-reported-items')
  admin.watcher.check()
  await admin.context.close()
})
