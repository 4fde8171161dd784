// The built web app (pwa/dist, what the binary embeds) carries none of the
// template it grew from. Every file a browser may receive is searched, our
// chunks and the libraries' alike: no library in it uses these words, so
// any hit is ours. It fails when one comes back. The dist must be built
// first (make bin/rehome builds it); a missing or empty dist fails too, and
// so does a dist that lacks words the app does show, so that the search
// cannot pass by reading the wrong files.
import assert from 'node:assert/strict'
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')

// Case-sensitive whole words: "Components" is also a word of the template's
// sidebar; "careers" or "discord" in lower case would be someone's listing.
const leftovers = ['Upgrade to Pro', 'Brand Center', 'Discord', 'Careers', 'Components', 'Licensing', 'MacOS']

// The API reference page's Scalar (scripts/api-reference.mjs): a library
// copied as it is published, never part of the app, with words of its own.
const notTheApp = join(dist, 'docs')

async function builtFiles(dir) {
  const found = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (path === notTheApp) continue
    if (entry.isDirectory()) found.push(...(await builtFiles(path)))
    else if (/\.(m?js|html|webmanifest|json)$/.test(entry.name)) found.push(path)
  }
  return found
}

test('the built app has no template leftovers', async () => {
  const files = await builtFiles(dist)
  assert.ok(
    files.some((f) => f.endsWith('index.html')),
    `no index.html in ${dist}: build the app first`,
  )
  assert.ok(files.filter((f) => f.endsWith('.js')).length > 10, `too few scripts in ${dist}`)

  const texts = await Promise.all(files.map(async (file) => ({ file: relative(dist, file), text: await readFile(file, 'utf8') })))
  const all = texts.map((t) => t.text).join('\n')
  for (const shown of ['Contact an admin', 'Site settings', 'Let visitors browse the listings without an account']) {
    assert.ok(all.includes(shown), `the built app lacks "${shown}": is ${dist} this app's build?`)
  }

  const hits = []
  for (const { file, text } of texts) {
    for (const word of leftovers) {
      const pattern = new RegExp(`\\b${word}\\b`, 'g')
      for (const match of text.matchAll(pattern)) {
        hits.push(`${file}: …${text.slice(Math.max(0, match.index - 40), match.index + word.length + 40)}…`)
      }
    }
  }
  assert.deepEqual(hits, [], `template leftovers in the built app:\n${hits.join('\n')}`)
})
