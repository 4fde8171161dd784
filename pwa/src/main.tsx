import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { watchConnectivity } from './lib/connectivity'
import { restoreQueries, saveQueriesOffline } from './lib/offline/persist-queries'
import { queryClient } from './lib/query-client'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Offline-first (docs/offline.md): follow the connection, write fetched
// answers through to IndexedDB, and put the saved ones back before queries
// run; a storage that does not answer within 3 s is not waited for.
watchConnectivity()
saveQueriesOffline(queryClient)
const restored = Promise.race([restoreQueries(queryClient), new Promise((resolve) => setTimeout(resolve, 3000))])

createRoot(root).render(
  <StrictMode>
    <App restored={restored} />
  </StrictMode>,
)
