// Vite empties dist/ on every build, but the Go binary embeds pwa/dist
// (//go:embed all:dist) and a fresh clone must compile before any web build:
// so the committed dist/.gitkeep is put back after each build.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
mkdirSync(dist, { recursive: true })
writeFileSync(join(dist, '.gitkeep'), '')
