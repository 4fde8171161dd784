// The screens someone may open the app on without signing in, each in its own
// chunk. The router (router.tsx) loads them through these functions; the first
// script (main.tsx) starts loading the one for the address opened together
// with the app's code, instead of after it. Guarded and dashboard screens
// are loaded by the router alone (a visitor may be sent to /login instead).
// Each is named as its path in src/lib/paths.ts.
import { routePaths } from '@/lib/paths'

export const screens = {
  home: () => import('@/features/catalogue/routes/home'),
  categories: () => import('@/features/catalogue/routes/categories'),
  login: () => import('@/features/auth/routes/login'),
  register: () => import('@/features/auth/routes/register'),
  resetPassword: () => import('@/features/auth/routes/reset-password'),
  forgotPassword: () => import('@/features/auth/routes/forgot-password'),
  confirmEmail: () => import('@/features/auth/routes/confirm-email'),
  linkGoogle: () => import('@/features/auth/routes/link-google'),
  blogs: () => import('@/features/blogs/routes/blogs'),
  about: () => import('@/features/site/routes/about'),
  privacy: () => import('@/features/site/routes/privacy'),
  terms: () => import('@/features/site/routes/terms'),
}

const screenAt: Record<string, () => Promise<unknown>> = {
  ...Object.fromEntries(Object.entries(screens).map(([name, load]) => [routePaths[name as keyof typeof screens], load])),
  [routePaths.homeAlias]: screens.home,
}

/** Starts loading the screen for a path, if it is one of the above; the router gets the same module. */
export function startLoadingScreen(pathname: string): void {
  const load = screenAt[pathname.replace(/(.)\/+$/, '$1')]
  // A failure shows when the router asks for it again.
  load?.().catch(() => undefined)
}
