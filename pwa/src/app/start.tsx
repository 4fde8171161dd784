// The app itself, started by main.tsx once the browser has painted the shell
// that index.html draws.
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { advertisedQueryOptions } from '@/features/catalogue/api/get-advertised'
import { categoriesQueryOptions } from '@/lib/categories'
import { watchConnectivity } from '@/lib/connectivity'
import { prefetchForFirstScreen, seedForFirstScreen, takeFirstScreenLists } from '@/lib/first-screen'
import { activate, chooseLocale, defaultLocale, i18n } from '@/lib/i18n'
import { routePaths } from '@/lib/paths'
import { OfflineStore } from '@/lib/offline/offline-store'
import { whenPageSettled } from '@/lib/page-settled'
import { queryClient } from '@/lib/query-client'
import { App } from './app'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Offline-first (docs/offline.md): follow the connection, write fetched
// answers through to IndexedDB (from when the page has settled, or at once
// when it is hidden), and put the saved ones back before queries run; a
// storage that does not answer within 3 s is not waited for, and a device
// with nothing saved is not waited for. The store lives as long as the page.
watchConnectivity()
const offline = new OfflineStore({ writeAfter: whenPageSettled() })
offline.saveQueries(queryClient)
const restored = offline.restoreAtStart(queryClient, { later: whenPageSettled() })

// The home page's lists come with the page a visitor opens; otherwise they
// are asked for now, while its code loads, not once it has drawn. Either way
// the home screen does not ask again as it first shows (first-screen.ts); a
// saved copy being restored meanwhile fills in only what has not arrived yet.
if ([routePaths.home, routePaths.homeAlias].some((path) => path === window.location.pathname)) {
  const lists = takeFirstScreenLists()
  if (lists) {
    seedForFirstScreen(queryClient, categoriesQueryOptions().queryKey, lists.categories)
    seedForFirstScreen(queryClient, advertisedQueryOptions().queryKey, lists.advertised)
  } else {
    prefetchForFirstScreen(queryClient, categoriesQueryOptions())
    prefetchForFirstScreen(queryClient, advertisedQueryOptions())
  }
}

// The first screen is drawn in its language from the start: main.tsx has been
// loading that catalog meanwhile. The person's own language, once the server
// says who is signed in, may follow (AppProvider).
// A transition lets React draw the first screen in short slices, keeping the
// page responsive while a slow phone works through it.
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App offline={offline} restored={restored} />
      </StrictMode>,
    )
  })
// A catalog that cannot load (offline, never cached) must not keep the app
// from starting: English then, whose catalog production builds need for the
// texts the code no longer carries (docs/i18n.md); failing that too, the
// texts the code still has, else the messages' ids.
activate(chooseLocale())
  .catch(() => activate(defaultLocale))
  .then(render, (error: unknown) => {
    console.error(error)
    i18n.loadAndActivate({ locale: defaultLocale, messages: {} })
    render()
  })
