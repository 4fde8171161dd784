import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { IsRestoringProvider, QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { meQueryOptions } from '@/lib/auth'
import { usePaymentMethods } from '@/lib/currency'
import { activate, chooseLocale, i18n } from '@/lib/i18n'
import type { OfflineStore } from '@/lib/offline/offline-store'
import { OfflineStoreProvider } from '@/lib/offline/use-offline-store'
import { queryClient as defaultClient } from '@/lib/query-client'
import { siteQueryOptions } from '@/lib/site'

// Toasts come after something was done: the toaster is not in the first script.
// A toast raised before it has loaded shows once it has.
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })))

/** True until `restored` settles; queries wait meanwhile instead of fetching. */
function useIsRestoring(restored: Promise<unknown> | undefined): boolean {
  const [restoring, setRestoring] = useState(restored !== undefined)
  useEffect(() => {
    if (!restored) return
    let live = true
    const done = () => live && setRestoring(false)
    restored.then(done, done)
    return () => {
      live = false
    }
  }, [restored])
  return restoring
}

/** Keeps the marketplace's currency (and whether it takes cards) loaded, for every price shown. */
function PaymentMethods() {
  usePaymentMethods()
  return null
}

/**
 * Shows the app in the signed-in person's language once the server has said
 * who that is, or in the marketplace's (lib/i18n, chooseLocale). Reads the
 * cache only: the top bar asks for both. A language picked by hand stays
 * until the person or the marketplace's answer changes.
 */
function FollowLanguage() {
  const { data: user } = useQuery({ ...meQueryOptions(), enabled: false })
  const { data: site } = useQuery({ ...siteQueryOptions(), enabled: false })
  const userLanguage = (user as { language?: string } | null | undefined)?.language
  const siteLanguage = (site as { language?: string } | undefined)?.language
  useEffect(() => {
    // A catalog that cannot load leaves the language shown as it is.
    activate(chooseLocale({ user: { language: userLanguage }, site: { language: siteLanguage } })).catch(() => undefined)
  }, [userLanguage, siteLanguage])
  return null
}

interface AppProviderProps {
  children: ReactNode
  client?: QueryClient
  /** What the app keeps on the device (see lib/offline). */
  offline: OfflineStore
  /** Settles once the answers saved on the device are back in the query cache (see lib/offline). */
  restored?: Promise<unknown>
}

export function AppProvider({ children, client = defaultClient, offline, restored }: AppProviderProps) {
  const isRestoring = useIsRestoring(restored)
  return (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <OfflineStoreProvider store={offline}>
          <IsRestoringProvider value={isRestoring}>
            <PaymentMethods />
            <FollowLanguage />
            {children}
          </IsRestoringProvider>
        </OfflineStoreProvider>
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </I18nProvider>
    </QueryClientProvider>
  )
}
