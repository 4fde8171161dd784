import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { ChunkingContext, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'
import { stripEnglish } from './scripts/slim-i18n.ts'

// The Go server answers /api and /images on 8080. The proxy keeps the browser on
// one origin, so the session cookie and the server's cross-origin check both
// see same-origin requests; don't set changeOrigin.
const backend = 'http://127.0.0.1:8080'

/**
 * The first script (src/main.tsx) imports the app (src/app/start.tsx) only
 * after the browser has painted the shell in index.html. Its code is fetched
 * from the start all the same: index.html gets a modulepreload link for the
 * app's chunk and every chunk it imports, at low priority so that the
 * stylesheet, which the first paint needs, comes first.
 */
function preloadApp(): Plugin {
  return {
    name: 'rehome:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk')
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/start.tsx'))
        if (!app) throw new Error('preloadApp: no chunk for src/app/start.tsx')
        const files: string[] = []
        const add = (fileName: string) => {
          if (files.includes(fileName)) return
          files.push(fileName)
          for (const imported of (bundle[fileName] as OutputChunk).imports) add(imported)
        }
        add(app.fileName)
        return files
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${fileName}` },
            injectTo: 'head' as const,
          }))
      },
    },
  }
}

/**
 * How the code a first visit needs is split into files. Left to itself, the
 * bundler cuts what src/app/start.tsx statically imports into many small
 * shared chunks (React, the router with part of react-query, useQuery,
 * useMutation, a few of our modules...), by which lazy routes use what; and a
 * route's own shared pieces likewise. Each file is gzipped on its own, so
 * small files compress badly, and a route's new import could reshuffle them
 * (useQuery once got a chunk of its own this way). Three groups, worked out
 * from the module graph rather than from names:
 *
 * - 'app': everything start.tsx imports, directly or not, except start.tsx
 *   itself and what the first script (src/main.tsx) imports, which stays in
 *   the entry. All of it is loaded on every first visit anyway.
 *   start.tsx stays alone in its chunk: screens that main.tsx loads early
 *   import 'app', and must not run start.tsx (which renders the app) by
 *   doing so. Through a package's index file every module it re-exports
 *   comes along (useMutation, which only later screens use, with useQuery):
 *   following only the names imported meant parsing packages' code with
 *   regular expressions, which a dependency update could silently defeat,
 *   for 0.7 KB gzip (128.1 KB against 127.4 KB on 7 December 2026).
 * - 'react': the part of 'app' that is React (react, react-dom, scheduler),
 *   which main.tsx evaluates first: the first visit's script then runs as
 *   two tasks rather than one long one.
 * - 'catalogue': the modules the home screen shares with other screens
 *   (skeletons, error state, category grid, product grid). Home is the first
 *   screen most visits open, and the one the bench weighs; one file instead of
 *   five. A screen that imports one of them loads the others too, ~1 KB.
 *
 * Lazy routes stay lazy: neither group takes a module that start.tsx reaches
 * only through import(). includeDependenciesRecursively is off, as each group
 * is closed already except for imports of the entry and of 'app', which are
 * loaded first; turned on, it pulls main.tsx's modules into 'app' and the
 * entry would wait for all of it.
 */
const reactModule = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/

function firstVisitChunks(): Plugin {
  const src = fileURLToPath(new URL('./src/', import.meta.url))
  const main = `${src}main.tsx`
  const start = `${src}app/start.tsx`
  const home = `${src}features/catalogue/routes/home.tsx`
  let plan: { app: Set<string>; catalogue: Set<string> } | undefined

  // Every module reached from roots by static imports, as the bundler's
  // module graph has them (no module's code is read here).
  const reach = (ctx: ChunkingContext, roots: string[]) => {
    const seen = new Set<string>()
    const todo = [...roots]
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      if (seen.has(id)) continue
      seen.add(id)
      todo.push(...(ctx.getModuleInfo(id)?.importedIds ?? []))
    }
    return seen
  }
  const planned = (ctx: ChunkingContext) => {
    if (plan) return plan
    const entry = reach(ctx, [main])
    const app = new Set([...reach(ctx, [start])].filter((id) => id !== start && !entry.has(id)))
    if (app.size === 0) throw new Error('firstVisitChunks: nothing reached from src/app/start.tsx')
    // The home screen's modules not loaded already; of those, the ones some
    // other module imports too, with what they import.
    const own = new Set([...reach(ctx, [home])].filter((id) => id !== home && !entry.has(id) && !app.has(id)))
    const shared = [...own].filter((id) => {
      const info = ctx.getModuleInfo(id)
      return [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])].some((by) => by !== home && !own.has(by))
    })
    const catalogue = new Set([...reach(ctx, shared)].filter((id) => own.has(id)))
    plan = { app, catalogue }
    return plan
  }

  return {
    name: 'rehome:first-visit-chunks',
    apply: 'build',
    buildStart() {
      plan = undefined
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              debugName: 'react',
              priority: 1,
              name: (id, ctx) => (planned(ctx).app.has(id) && reactModule.test(id) ? 'react' : null),
            },
            { debugName: 'app', name: (id, ctx) => (planned(ctx).app.has(id) ? 'app' : null) },
            { debugName: 'catalogue', name: (id, ctx) => (planned(ctx).catalogue.has(id) ? 'catalogue' : null) },
          ],
        },
      }
    },
  }
}

/**
 * React Router ships one module whose components are made at its top level by
 * React.forwardRef calls, each followed by a displayName assignment. Neither
 * is marked free of side effects, so the bundler keeps every such component
 * and what it uses, whether the app uses it or not: <Form>, useSubmit and
 * the form-submission code come along with <Link> (~2 KB gzip on every
 * first visit). Marking the calls pure and leaving the names (shown by React's
 * developer tools only) out lets it drop the unused ones.
 *
 * Its package also resolves to its development build only, whose warnings
 * for developers (console.warn: a route without an element, a navigate()
 * during render...) every visitor would download, ~1.5 KB gzip. They are
 * switched off here as its production build would (ENABLE_DEV_WARNINGS), and
 * warning() emptied so that its calls and their texts go too. The dev server
 * and the tests keep them. Errors it throws (invariant) stay.
 */
function treeShakeRouter(): Plugin {
  return {
    name: 'rehome:tree-shake-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        return {
          code: code
            .replace(/\b(React\d*\.forwardRef\()/g, '/* @__PURE__ */ $1')
            .replace(/^(\w+)\.displayName = "[^"]*";$/gm, '')
            .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;')
            .replace(
              /^function warning\(cond, message\) \{\n {2}if \(!cond\) \{[\s\S]*?\n\}$/m,
              'function warning(cond, message) {}',
            ),
          map: null,
        }
      },
    },
  }
}

export default defineConfig({
  plugins: [
    // Production builds leave the English texts to the English catalog
    // and shorten the ids (scripts/slim-i18n.ts, docs/i18n.md).
    stripEnglish(fileURLToPath(new URL('./src/locales/en/messages.po', import.meta.url))),
    react(),
    treeShakeRouter(),
    tailwindcss(),
    preloadApp(),
    firstVisitChunks(),
    // The service worker and the web app manifest (docs/offline.md). 'prompt':
    // a new version waits until the person presses Reload, never in the middle
    // of a form (src/sw.ts waits for SKIP_WAITING). Registered from our code (features/offline), as the CSP
    // allows no inline script.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Rehome — second-hand marketplace',
        short_name: 'Rehome',
        description: 'A community marketplace for second-hand furniture, appliances and décor.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#faf7f2',
        categories: ['shopping', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          {
            src: '/screenshots/category-narrow.png',
            sizes: '360x740',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'A category of second-hand sofas on a phone',
          },
          {
            src: '/screenshots/home-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'The Rehome home page with its categories',
          },
        ],
        shortcuts: [
          {
            name: 'Categories',
            url: '/categories',
            description: 'Browse everything for sale by category',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'My Orders',
            url: '/dashboard/myorders',
            description: 'The products you booked',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      // Our own worker (src/sw.ts), for push notifications; it does the
      // caching that Workbox's generated one did (docs/offline.md).
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectManifest: {
        // The app shell: every built script, style and page, and the favicon;
        // the plugin adds the manifest and its icons. The install dialog's
        // screenshots are not needed offline.
        globPatterns: ['**/*.{js,css,html,svg,txt}'],
        // The API reference page's scripts (scripts/api-reference.mjs): 4 MB
        // that the app never uses.
        globIgnores: ['docs/**'],
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': backend,
      '/images': backend,
    },
    // The API's OpenAPI document, which src/lib/api's test reads.
    fs: { allow: ['.', '../contract'] },
  },
  build: {
    // The Go binary embeds pwa/dist. Files land in dist/assets/ with content
    // hashes (Vite's default), which the server caches for a year. Code is split
    // by the lazy routes in src/app/router.tsx; firstVisitChunks() above groups
    // what the first visit loads.
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself (Safari since 17,
    // Firefox since 115); one without still runs the app, fetching each file
    // when it is imported. The polyfill cost every first visit ~0.3 KB gzip.
    modulePreload: { polyfill: false },
  },
  test: {
    environment: 'jsdom',
    // e2e/ holds the browser suite, run by node's test runner against the real server.
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Twice Vitest's 5 s: room for two of the waits of src/testing/wait.ts, and
    // for a whole-app test's first screen on a loaded machine. A test that
    // needs more says why beside its own.
    testTimeout: 10_000,
  },
})
