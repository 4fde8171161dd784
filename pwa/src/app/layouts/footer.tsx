import { useId } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { saveLanguage, useUser } from '@/lib/auth'
import { isLocale, localeNames, locales, setLanguage, useI18n, useLocale } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useSite } from '@/lib/site'
import { Brand } from './navbar'

/** The API's reference page (served by the server, api/api_reference.go). */
const apiReferencePath = '/docs/api'

// Long words (German compounds) break inside their column, hyphenated where
// the browser knows the language (<html lang>).
// A word breaks only when it alone is wider than the screen: the columns are as wide as their longest word ("Nutzungsbedingungen").
const linkClasses =
  'inline-flex min-h-11 max-w-full items-center text-stone-600 no-underline wrap-break-word hyphens-auto hover:text-teal-800 hover:underline'

/**
 * The language of the app, switched at once and remembered on this device
 * (lib/i18n); saved to the signed-in person's account too, so that it follows
 * them to their other devices.
 */
function LanguagePicker() {
  const i18n = useI18n()
  const { user } = useUser()
  const client = useQueryClient()
  const locale = useLocale()
  const id = useId()
  return (
    <div className="flex items-center gap-2 text-sm text-stone-600">
      <label htmlFor={id}>{i18n._({ id: 'footer.language', message: 'Language' })}</label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const locale = event.target.value
          if (!isLocale(locale)) return
          void setLanguage(locale)
          if (user) void saveLanguage(client, locale)
        }}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-stone-800"
      >
        {locales.map((option) => (
          // Each in its own language, so whoever reads it finds theirs.
          <option key={option} value={option} lang={option}>
            {localeNames[option]}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * Links only to pages that exist: the community's texts, the categories,
 * Blogs, the API's reference and a way to reach an admin (their address when
 * the site gives one, else the About page, which says how).
 */
export function Footer() {
  const i18n = useI18n()
  const { site, known } = useSite()
  const year = new Date().getFullYear()
  const links = [
    { label: i18n._({ id: 'footer.about', message: 'About' }), to: paths.about },
    { label: i18n._({ id: 'footer.rules', message: 'Rules' }), to: `${paths.about}#rules` },
    { label: i18n._({ id: 'footer.privacy', message: 'Privacy' }), to: paths.privacy },
    { label: i18n._({ id: 'footer.terms', message: 'Terms' }), to: paths.terms },
    { label: i18n._({ id: 'footer.categories', message: 'Categories' }), to: paths.categories },
    { label: i18n._({ id: 'nav.blogs', message: 'Blogs' }), to: paths.blogs },
  ]
  const contact = i18n._({ id: 'footer.contact', message: 'Contact an admin' })
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
          <div className="min-w-0 max-w-sm">
            <Brand wrap />
            {known && site.tagline && <p className="mt-2 text-sm text-stone-600 wrap-anywhere">{site.tagline}</p>}
          </div>
          <nav aria-label={i18n._({ id: 'footer.label', message: 'Footer' })}>
            <ul className="grid grid-cols-[auto_auto] justify-start gap-x-8 sm:grid-cols-[repeat(4,auto)] md:flex md:flex-wrap md:justify-end md:gap-x-6">
              {links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClasses}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                {/* The server's page, not a screen of the app: a whole new document. */}
                <a href={apiReferencePath} className={linkClasses}>
                  {i18n._({ id: 'footer.api', message: 'API' })}
                </a>
              </li>
              <li>
                {site.contact_email ? (
                  <a href={`mailto:${site.contact_email}`} className={linkClasses}>
                    {contact}
                  </a>
                ) : (
                  <Link to={`${paths.about}#contact`} className={linkClasses}>
                    {contact}
                  </Link>
                )}
              </li>
            </ul>
          </nav>
        </div>
        <div className="mt-6 flex flex-col gap-4 border-t border-stone-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone-600 wrap-anywhere">
            © {year} {site.name}
          </p>
          <LanguagePicker />
        </div>
      </div>
    </footer>
  )
}
