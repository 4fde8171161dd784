// A marketplace that sends mail, to an SMTP sink that keeps it: a forgotten
// password is reset from the link mailed to the account, an email is
// changed from Profile through the link mailed to the new address, and an
// email is confirmed through the link mailed at sign-up or from Profile.
import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { launchBrowser, newContext, screenshots, startMailSink, startServer } from './harness.mjs'
import { eventually, expectPath, expectToast, logIn, loginStatus, registerThroughApi, watch, writePictures } from './support.mjs'

const forgetter = { name: 'Gus Forgetful', email: 'gus@e2e.test', password: 'gus password 1' }
const mover = { name: 'Mia Mover', email: 'mia@e2e.test', password: 'mia password 1' }
const newcomer = { name: 'Nia Newcomer', email: 'nia@e2e.test', password: 'nia password 1' }

let mail, server, browser, pictures

before(async () => {
  mail = await startMailSink()
  ;[server, browser, pictures] = await Promise.all([startServer({ mail }), launchBrowser(), writePictures()])
  for (const account of [forgetter, mover, newcomer]) {
    await registerThroughApi(server.url, { ...account, picture: pictures.buyer })
  }
})

after(async () => {
  await browser?.close()
  await server?.stop()
  await mail?.stop()
  if (pictures) await rm(pictures.dir, { recursive: true, force: true })
})

async function open(width = 1280) {
  const context = await newContext(browser, server.url, width)
  const page = await context.newPage()
  return { context, page, watcher: watch(page) }
}

const section = (page, name) => page.getByRole('region', { name })

/**
 * The link to `path` in the newest mail to `to` that has one, once `count`
 * mails to `to` have one: the server sends from a background queue, so
 * they are waited for. Every account also gets a "Confirm your email" mail
 * at sign-up, so mails are told apart by their link.
 */
async function linkMailed(to, path, count = 1) {
  return eventually(async () => {
    const links = (await mail.messages(to))
      .map((message) => message.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path))
      .filter(Boolean)
    assert.ok(links.length >= count, `${links.length} mails to ${to} with a ${path} link, want ${count}`)
    const link = links.at(-1)
    assert.equal(new URL(link).origin, server.url, 'the link points at this server')
    return link
  }, 15_000)
}

test('a forgotten password is reset from the link mailed to the account, which signs the person in', async () => {
  const { context, page, watcher } = await open(360)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expectPath(page, '/forgot-password')
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
  await page.getByLabel('Email').fill(forgetter.email)
  await screenshots(page, 'forgot-password')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await page.getByRole('heading', { name: 'Check your email' }).waitFor()
  await page.getByRole('status').filter({ hasText: 'we sent it a link' }).waitFor()
  assert.equal(await page.getByLabel('Email').count(), 0)

  const link = await linkMailed(forgetter.email, '/reset-password')
  await page.goto(link)
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
  await page.getByLabel('New password', { exact: true }).fill('gus new password')
  await page.getByLabel('Confirm new password').fill('gus new password')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expectPath(page, '/dashboard')
  await page.getByRole('heading', { name: 'Welcome to dashboard' }).waitFor()
  await page.getByText(`Signed in as ${forgetter.name}`).waitFor()

  assert.equal(await loginStatus(server.url, forgetter), 401)
  assert.equal(await loginStatus(server.url, { ...forgetter, password: 'gus new password' }), 200)
  watcher.check()
  await context.close()
})

test('an email changed on Profile takes effect once the link mailed to the new address is confirmed', async () => {
  const newEmail = 'mia.moved@e2e.test'
  const { context, page, watcher } = await open(1280)
  await logIn(page, mover)
  await page.goto('/dashboard/profile')
  const email = section(page, 'Email')
  await email.getByText(mover.email).waitFor()
  await email.getByLabel('New email').fill(newEmail)
  await email.getByLabel('Current password').fill(mover.password)
  await email.getByRole('button', { name: 'Change email' }).click()
  const sent = `We sent a link to ${newEmail}. Your email changes when you open it.`
  await expectToast(page, sent)
  await email.getByRole('status').filter({ hasText: sent }).waitFor()
  // The toast goes; the words stay in the section.
  await eventually(async () => assert.equal(await page.getByRole('status').filter({ hasText: sent }).count(), 1), 10_000)
  await screenshots(page, 'profile-email-sent', { widths: [360, 1280] })

  // Nothing changes until the link is opened.
  assert.equal(await loginStatus(server.url, mover), 200)
  const link = await linkMailed(newEmail, '/confirm-email')
  await page.goto(link)
  await page.getByRole('heading', { name: 'Confirm your email address' }).waitFor()
  await page.getByRole('button', { name: 'Confirm email' }).click()
  await page
    .getByRole('status')
    .filter({ hasText: `Your email is now ${newEmail}` })
    .waitFor()
  await page.getByRole('link', { name: 'Go to your profile' }).click()
  await expectPath(page, '/dashboard/profile')
  await section(page, 'Email').getByText(newEmail).waitFor()
  assert.equal(await section(page, 'Your details').getByLabel('Email address').inputValue(), newEmail)

  assert.equal(await loginStatus(server.url, mover), 401)
  assert.equal(await loginStatus(server.url, { ...mover, email: newEmail }), 200)
  watcher.check()
  await context.close()
})

test('an email is confirmed from the link mailed at sign-up, or a fresh one sent from Profile', async () => {
  const { context, page, watcher } = await open(360)
  await logIn(page, newcomer)
  await page.goto('/dashboard/profile')
  const email = section(page, 'Email')
  await email.getByText('Not confirmed').waitFor()
  const signUpLink = await linkMailed(newcomer.email, '/confirm-email')

  // A fresh link voids the one sent at sign-up.
  await email.getByRole('button', { name: 'Send confirmation link' }).click()
  await email
    .getByRole('status')
    .filter({ hasText: `We sent a link to ${newcomer.email}` })
    .waitFor()
  await screenshots(page, 'profile-email-unconfirmed', { widths: [360, 1280] })
  const freshLink = await linkMailed(newcomer.email, '/confirm-email', 2)
  assert.notEqual(freshLink, signUpLink)

  watcher.allowApi(422, '/api/auth/email/confirm')
  await page.goto(signUpLink)
  await page.getByRole('button', { name: 'Confirm email' }).click()
  await page.getByRole('heading', { name: 'This link is not valid' }).waitFor()

  await page.goto(freshLink)
  await page.getByRole('heading', { name: 'Confirm your email address' }).waitFor()
  await page.getByRole('button', { name: 'Confirm email' }).click()
  await page.getByRole('heading', { name: 'Your email is confirmed' }).waitFor()
  await page
    .getByRole('status')
    .filter({ hasText: `${newcomer.email} is confirmed as yours` })
    .waitFor()
  await page.getByRole('link', { name: 'Go to your profile' }).click()
  await expectPath(page, '/dashboard/profile')
  await section(page, 'Email').getByText('This email is confirmed as yours.').waitFor()
  assert.equal(await section(page, 'Email').getByRole('button', { name: 'Send confirmation link' }).count(), 0)
  watcher.check()
  await context.close()
})
