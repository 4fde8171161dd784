// Runs the browser suite for `make test-postgres`: only the files whose
// outcome can differ by store. `make test` runs every file on SQLite; what
// a second pass on PostgreSQL adds is what touches the store, the live
// events, sessions and pictures. The files below test the web app itself
// (layout, words, keyboard, the built files) against whatever the server
// answers, so a second pass tells nothing new and costs minutes.
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Files that do not depend on the store, with why. */
export const storeIndependent = {
  'layout.test.mjs': 'every screen at 360 and 1280 px in each language: the layout',
  'languages.test.mjs': 'the words and formats of each language',
  'phone.test.mjs': 'how screens behave on a phone',
  'navigation.test.mjs': 'menus, guards and the keyboard',
  'buyer-feel.test.mjs': 'where the booking form shows what stops it',
  'api-reference.test.mjs': 'the reference page renders the document',
  'built-app.test.mjs': 'the built files',
}

const here = dirname(fileURLToPath(import.meta.url))

export function storeFiles() {
  const names = readdirSync(here)
  const gone = Object.keys(storeIndependent).filter((name) => !names.includes(name))
  if (gone.length) throw new Error(`e2e/by-store.mjs names files that are gone: ${gone.join(', ')}`)
  return names
    .filter((name) => name.endsWith('.test.mjs') && !(name in storeIndependent))
    .sort()
    .map((name) => join(here, name))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const child = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-timeout=600000', ...storeFiles()], {
    stdio: 'inherit',
  })
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)))
}
