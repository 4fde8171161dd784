// The end-to-end harness: the real bin/rehome on a temp data dir and a free
// port, driven by Debian's Chromium through playwright-core. Nothing is
// mocked and no browser is ever downloaded.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { mkdtemp, mkdir, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, afterEach } from 'node:test'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { loadContract } from './contract.mjs'

const here = dirname(fileURLToPath(import.meta.url))
export const binary = join(here, '..', '..', 'bin', 'rehome')
const oidcProvider = join(here, '..', '..', 'bin', 'oidc-provider')
const stripeMockBinary = join(here, '..', '..', 'bin', 'stripe-mock')
const mailSinkBinary = join(here, '..', '..', 'bin', 'mail-sink')
const s3FakeBinary = join(here, '..', '..', 'bin', 's3-fake')

/** The webhook signing secret the server is given with startServer({ stripe }). */
export const stripeWebhookSecret = 'whsec_e2e'
export const screenshotDir = join(here, 'screenshots')

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const adminAccount = { name: 'Ada Admin', email: 'admin@e2e.test', password: 'admin password 1' }

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

function run(args, input, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], env })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`rehome ${args.join(' ')}: ${output}`))))
    child.stdin.end(input ?? '')
  })
}

/**
 * A local OpenID Connect provider (tools/oidc-provider, built by make
 * test-e2e) that signs everyone in as Jane Doe: { issuer, client_id,
 * client_secret, stop() }.
 */
export async function startProvider() {
  const child = spawn(oidcProvider, [], { stdio: ['ignore', 'pipe', 'inherit'] })
  const line = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
      if (out.includes('\n')) resolve(out.split('\n')[0])
    })
    child.once('exit', () => reject(new Error(`oidc-provider stopped: ${out}`)))
  })
  return {
    ...JSON.parse(line),
    async stop() {
      child.kill('SIGKILL')
    },
  }
}

/**
 * stripe-mock (tools/stripe-mock, built by make test-e2e), Stripe's API
 * simulator, on a free port: { url, stop() }.
 */
/**
 * Resolves once a process started with piped output has printed `text` (it
 * says it is ready); fails if it stops first, or after a minute. Its output
 * keeps flowing afterwards.
 */
function printed(child, text, what) {
  return new Promise((resolve, reject) => {
    let out = ''
    const deadline = AbortSignal.timeout(60_000)
    const settle = (error) => {
      child.stdout.off('data', onData)
      child.stderr.off('data', onData)
      child.off('exit', onExit)
      deadline.removeEventListener('abort', onDeadline)
      child.stdout.resume()
      child.stderr.resume()
      if (error) reject(error)
      else resolve()
    }
    const onData = (data) => {
      out += data
      if (out.includes(text)) settle()
    }
    const onExit = () => settle(new Error(`${what} stopped before it was ready:\n${out}`))
    const onDeadline = () => settle(new Error(`${what} was not ready within a minute:\n${out}`))
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', onExit)
    deadline.addEventListener('abort', onDeadline, { once: true })
  })
}

export async function startStripeMock() {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  // Its HTTPS listener would take port 12112 unless told otherwise.
  const child = spawn(stripeMockBinary, ['-http-addr', `127.0.0.1:${port}`, '-https-addr', '127.0.0.1:'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await printed(child, `Listening for HTTP at address: 127.0.0.1:${port}`, 'stripe-mock')
  return {
    url,
    async stop() {
      child.kill('SIGKILL')
    },
  }
}

/**
 * An SMTP server that keeps what it receives (tools/mail-sink, built by make
 * test-e2e): { smtpURL, messages(to, { count }), stop() }. messages(to) lists the mails
 * to that address, oldest first: { from, to: [...], subject, text, html }.
 */
export async function startMailSink() {
  const child = spawn(mailSinkBinary, [], { stdio: ['ignore', 'pipe', 'inherit'] })
  const line = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
      if (out.includes('\n')) resolve(out.split('\n')[0])
    })
    child.once('exit', () => reject(new Error(`mail-sink stopped: ${out}`)))
  })
  const { smtp_url: smtpURL, messages_url: messagesURL } = JSON.parse(line)
  return {
    smtpURL,
    /** The mails to `to`; with `count`, once that many have come (or after a minute, what there is). */
    async messages(to, { count } = {}) {
      const res = await fetch(`${messagesURL}?to=${encodeURIComponent(to)}${count ? `&count=${count}` : ''}`)
      return res.json()
    },
    async stop() {
      child.kill('SIGKILL')
    },
  }
}

// With REHOME_TEST_POSTGRES (make test-postgres), each server keeps its
// marketplace in a database of its own on that PostgreSQL server, and its
// pictures in an in-memory object store (tools/s3-fake) that the servers of
// a test file share: pictures have random names.
const postgresServer = process.env.REHOME_TEST_POSTGRES
let objectStore

/** The environment that points a server at its store: nothing on SQLite. */
async function storeEnv() {
  if (!postgresServer) return {}
  objectStore ??= startObjectStore()
  return { REHOME_DATABASE_URL: await createDatabase(), REHOME_S3_URL: (await objectStore).url }
}

async function createDatabase() {
  const name = `e2e_${Date.now()}_${Math.floor(Math.random() * 1e9)}`
  const versions = readdirSync('/usr/lib/postgresql').sort()
  const psql = `/usr/lib/postgresql/${versions.at(-1)}/bin/psql`
  await new Promise((resolve, reject) => {
    const child = spawn(psql, [postgresServer, '-v', 'ON_ERROR_STOP=1', '-qc', `CREATE DATABASE ${name}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let errors = ''
    child.stderr.on('data', (d) => (errors += d))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`create database ${name}: ${errors}`))))
  })
  const url = new URL(postgresServer)
  url.pathname = `/${name}`
  return url.toString()
}

async function startObjectStore() {
  const child = spawn(s3FakeBinary, [], { stdio: ['ignore', 'pipe', 'inherit'] })
  // It serves every server the file starts, to its end: not a test's.
  process.once('exit', () => child.kill('SIGKILL'))
  const url = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
      if (out.includes('\n')) resolve(out.split('\n')[0])
    })
    child.once('exit', () => reject(new Error(`s3-fake stopped: ${out}`)))
  })
  // Nothing more to read: the store must not keep the file's process alive.
  child.stdout.destroy()
  child.unref()
  return { url }
}

/**
 * Starts the server on a fresh data dir with one admin made by the CLI;
 * with `google` (from startProvider), "Sign in with Google" goes there; with
 * `stripe` (from startStripeMock), bookings may be paid by card; with `mail`
 * (from startMailSink), it mails reset and confirmation links there.
 */
export async function startServer({ google, stripe, mail } = {}) {
  const data = await mkdtemp(join(tmpdir(), 'rehome-e2e-'))
  const env = { ...process.env, ...(await storeEnv()) }
  await run(
    ['admin', 'create', '--name', adminAccount.name, '--email', adminAccount.email, '--data', data],
    `${adminAccount.password}\n`,
    env,
  )
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  if (google) {
    Object.assign(env, {
      REHOME_OIDC_ISSUER: google.issuer,
      REHOME_GOOGLE_CLIENT_ID: google.client_id,
      REHOME_GOOGLE_CLIENT_SECRET: google.client_secret,
      REHOME_PUBLIC_URL: url,
    })
  }
  if (stripe) {
    Object.assign(env, {
      REHOME_STRIPE_API_URL: stripe.url,
      REHOME_STRIPE_SECRET_KEY: 'sk_test_e2e',
      REHOME_STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      REHOME_STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    })
  }
  if (mail) {
    Object.assign(env, {
      REHOME_SMTP_URL: mail.smtpURL,
      REHOME_MAIL_FROM: 'Rehome <noreply@rehome.test>',
      REHOME_PUBLIC_URL: url,
    })
  }
  const child = spawn(binary, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  })
  let log = ''
  child.stdout.on('data', (d) => (log += d))
  child.stderr.on('data', (d) => (log += d))
  try {
    await printed(child, 'Rehome is listening', 'the server')
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return {
    url,
    data,
    log: () => log,
    async stop() {
      const exited = new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)))
      child.kill('SIGTERM')
      // It stops within its 15 s of grace; one that does not is a bug to be
      // shown, not a run that never ends: SIGQUIT makes Go print every
      // goroutine, and the test fails with them.
      let quit = false
      const stuck = setTimeout(() => (quit = child.kill('SIGQUIT')), 30_000)
      await exited
      clearTimeout(stuck)
      if (quit) {
        throw new Error(`the server did not stop within 30 s of SIGTERM:\n${log.slice(-20_000)}`)
      }
      await rm(data, { recursive: true, force: true })
    },
  }
}

/** A browser whose every context's API answers are held to the document (followContract). */
export async function launchBrowser() {
  await mkdir(screenshotDir, { recursive: true })
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags })
  // browser.newPage() makes its context through this too.
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => followContract(await newContext(options))
  return browser
}

const contract = loadContract()
// Its failure is reported by each check that needs it.
contract.catch(() => {})
const reading = new Set()
const violations = []

/**
 * Checks every answer under /api/ that the context's pages receive against
 * the OpenAPI document (contract.mjs); an answer outside it fails the test
 * during which it came, after that test (or at the end of the file). The
 * event stream's body is left unread: it never ends. Answers the context.
 */
export function followContract(context) {
  context.on('response', (response) => {
    const url = new URL(response.url())
    if (!url.pathname.startsWith('/api/')) return
    const checked = answerOf(response)
      .then(async (answer) => (await contract).check(answer))
      .then(
        (violation) => violation && violations.push(violation),
        (error) => violations.push(`${response.request().method()} ${url.pathname}: not checked: ${error.message}`),
      )
    reading.add(checked)
    void checked.finally(() => reading.delete(checked))
  })
  return context
}

// Now and then Chromium never tells Playwright that an answer's body has
// ended (it was seen whole by the page, and the connection is idle), and
// response.text() never settles: a run that waits for it waits for ever.
// So the checks after a test wait for the bodies for a while, then check
// what has not come without its body, as they do one a page took away.
const bodyPatience = 15_000
let stopWaitingForBodies = () => {}
let bodiesGivenUp = new Promise((resolve) => (stopWaitingForBodies = resolve))

async function answerOf(response) {
  const status = response.status()
  const contentType = response.headers()['content-type']
  const answer = { method: response.request().method(), url: response.url(), status, contentType, body: undefined }
  if (status >= 300 && status < 400) answer.body = ''
  else if (!contentType?.startsWith('text/event-stream')) {
    // A page that navigated away or closed takes its answers' bodies with it:
    // the rest of the answer is checked all the same.
    answer.body = await Promise.race([response.text().catch(() => undefined), bodiesGivenUp])
  }
  return answer
}

async function answersInContract() {
  const patience = setTimeout(stopWaitingForBodies, bodyPatience)
  // allSettled: an answer read as the checking starts adds itself to the set.
  while (reading.size > 0) await Promise.allSettled([...reading])
  clearTimeout(patience)
  bodiesGivenUp = new Promise((resolve) => (stopWaitingForBodies = resolve))
  const found = [...new Set(violations.splice(0))]
  assert.deepEqual(found, [], `API answers outside contract/openapi.json:\n${found.join('\n')}`)
}
afterEach(answersInContract)
after(answersInContract)

/**
 * A fresh browser profile (cookies, storage) at phone or desktop width.
 * `serviceWorkers: 'block'` keeps the app's service worker out, for a test
 * that intercepts the app's own files (the worker would answer from its cache).
 */
export async function newContext(browser, baseURL, width = 1280, { serviceWorkers = 'allow' } = {}) {
  const phone = width < 600
  return browser.newContext({
    baseURL,
    serviceWorkers,
    // Prices follow the viewer's locale: the assertions read '$240'.
    locale: 'en-US',
    viewport: { width, height: phone ? 780 : 900 },
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
  })
}

/** Waits until every picture on the page has loaded (lazy ones are scrolled into view first). */
async function settleImages(page) {
  await page.evaluate(async () => {
    const pause = (ms) => new Promise((r) => setTimeout(r, ms))
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await pause(30)
    }
    window.scrollTo(0, 0)
    const pending = [...document.images].filter((img) => !img.complete)
    await Promise.race([
      Promise.all(
        pending.map(
          (img) =>
            new Promise((r) => {
              img.addEventListener('load', r, { once: true })
              img.addEventListener('error', r, { once: true })
            }),
        ),
      ),
      pause(3000),
    ])
  })
}

/**
 * Saves the page at 360 px and 1280 px (or the given widths) as
 * screenshots/<name>-<width>.png: the full page, or only the viewport (for an
 * open modal, whose backdrop covers the viewport alone).
 */
export async function screenshots(page, name, { widths = [360, 1280], fullPage = true } = {}) {
  const original = page.viewportSize()
  // Off every control: a pointer left over a toast pauses all of them (react-hot-toast).
  await page.mouse.move(0, 0)
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 })
    // Drawn at the new size (two frames: what resize handlers changed too).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await settleImages(page)
    await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage })
  }
  await page.setViewportSize(original)
}
