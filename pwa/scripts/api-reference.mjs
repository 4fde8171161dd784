// The API reference page (/docs/api) renders the OpenAPI document with
// Scalar's standalone bundle, which goes into the build beside the page's
// own script (public/docs/api.js) rather than through Vite: the app never
// imports it, and the service worker does not precache docs/ (vite.config.ts).
import { copyFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const pwa = join(dirname(fileURLToPath(import.meta.url)), '..')
// The package exports no path to it.
const scalar = join(pwa, 'node_modules', '@scalar', 'api-reference', 'dist', 'browser', 'standalone.js')
mkdirSync(join(pwa, 'dist', 'docs'), { recursive: true })
copyFileSync(scalar, join(pwa, 'dist', 'docs', 'scalar.js'))
