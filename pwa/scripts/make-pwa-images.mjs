// Draws the install icons and the install dialog's screenshots into public/,
// where they are committed: run it again after changing favicon.svg or the
// screens. Chromium renders them, the same browser the end-to-end suite uses.
//
//   node scripts/make-pwa-images.mjs
//
// Icons: the house mark of favicon.svg at 192 and 512 px, and a maskable
// 512 px one whose mark sits inside the central 80% safe zone on a full-bleed
// background (launchers crop it to a circle or a squircle); and the badge of
// notifications, the house with its sofa cut out in white on transparent, as
// Android shows only a badge's shape in the status bar. Screenshots: the
// category page at 360 px (narrow, from the end-to-end suite's screenshots, so run
// `npm run e2e` first) and at desktop width (docs/screenshots/home.png).
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const publicDir = join(root, 'public')
const favicon = await readFile(join(publicDir, 'favicon.svg'), 'utf8')
const theme = '#0f766e'

const dataUrl = (type, bytes) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`

/** The favicon, or for a maskable icon its mark shrunk to 64% on a square teal background. */
function iconPage(size, maskable) {
  const mark = maskable
    ? `<div style="width:${size}px;height:${size}px;background:${theme};display:grid;place-items:center">
         <img src="${dataUrl('image/svg+xml', favicon)}" style="width:${size * 0.64}px;height:${size * 0.64}px">
       </div>`
    : `<img src="${dataUrl('image/svg+xml', favicon)}" style="width:${size}px;height:${size}px;display:block">`
  return `<!doctype html><body style="margin:0;background:transparent">${mark}</body>`
}

/** favicon.svg's house, its sofa (the same shapes) cut out. */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <mask id="sofa"><rect width="64" height="64" fill="#fff"/>
    <path d="M19 38a3 3 0 0 1 6 0v2h14v-2a3 3 0 0 1 6 0v9H19z"/><rect x="24" y="31" width="16" height="8" rx="2"/>
    <rect x="20" y="47" width="3" height="3"/><rect x="41" y="47" width="3" height="3"/></mask>
  <path d="M32 10 8 30h6v22h36V30h6z" fill="#fff" mask="url(#sofa)"/>
</svg>`

/** The top `height` px of a picture, scaled to `width`. */
function cropPage(png, width, height) {
  return `<!doctype html><body style="margin:0;width:${width}px;height:${height}px;overflow:hidden">
    <img src="${dataUrl('image/png', png)}" style="width:${width}px;display:block"></body>`
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
})
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 })
  async function render(html, width, height, file, { omitBackground = false } = {}) {
    await page.setViewportSize({ width, height })
    await page.setContent(html)
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())))
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, await page.screenshot({ omitBackground }))
    console.log('wrote', file)
  }
  for (const size of [192, 512]) {
    await render(iconPage(size, false), size, size, join(publicDir, 'icons', `icon-${size}.png`), { omitBackground: true })
  }
  await render(iconPage(512, true), 512, 512, join(publicDir, 'icons', 'icon-maskable-512.png'))
  const badgePage = `<!doctype html><body style="margin:0;background:transparent"><img src="${dataUrl('image/svg+xml', badge)}" style="width:96px;height:96px;display:block"></body>`
  await render(badgePage, 96, 96, join(publicDir, 'icons', 'badge-96.png'), { omitBackground: true })

  const narrow = await readFile(join(root, 'e2e', 'screenshots', 'category-360.png'))
  await render(cropPage(narrow, 360, 740), 360, 740, join(publicDir, 'screenshots', 'category-narrow.png'))
  const wide = await readFile(join(root, '..', 'docs', 'screenshots', 'home.png'))
  await render(cropPage(wide, 1280, 800), 1280, 800, join(publicDir, 'screenshots', 'home-wide.png'))
} finally {
  await browser.close()
}
