import { Link } from 'react-router-dom'
import { paths } from '@/lib/paths'
import { useSite } from '@/lib/site'
import { Brand } from './navbar'

/** The API's reference page (served by the server, app/api/api_reference.go). */
const apiReferencePath = '/docs/api'

const linkClasses = 'inline-flex min-h-11 items-center text-stone-600 no-underline hover:text-teal-800 hover:underline'

/**
 * Links only to pages that exist: the community's texts, the categories,
 * Blogs, the API's reference and a way to reach an admin (their address when
 * the site gives one, else the About page, which says how).
 */
export function Footer() {
  const { site } = useSite()
  const year = new Date().getFullYear()
  const links = [
    { label: 'About', to: paths.about },
    { label: 'Rules', to: `${paths.about}#rules` },
    { label: 'Privacy', to: paths.privacy },
    { label: 'Terms', to: paths.terms },
    { label: 'Categories', to: paths.categories },
    { label: 'Blogs', to: paths.blogs },
  ]
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
          <div className="min-w-0 max-w-sm">
            <Brand />
            {site.tagline && <p className="mt-2 text-sm text-stone-600 wrap-anywhere">{site.tagline}</p>}
          </div>
          <nav aria-label="Footer">
            <ul className="grid grid-cols-2 gap-x-8 sm:grid-cols-4 md:flex md:flex-wrap md:justify-end md:gap-x-6">
              {links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className={linkClasses}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                {/* The server's page, not a screen of the app: a whole new document. */}
                <a href={apiReferencePath} className={linkClasses}>
                  API
                </a>
              </li>
              <li>
                {site.contact_email ? (
                  <a href={`mailto:${site.contact_email}`} className={linkClasses}>
                    Contact an admin
                  </a>
                ) : (
                  <Link to={`${paths.about}#contact`} className={linkClasses}>
                    Contact an admin
                  </Link>
                )}
              </li>
            </ul>
          </nav>
        </div>
        <p className="mt-6 border-t border-stone-200 pt-6 text-sm text-stone-600 wrap-anywhere">
          © {year} {site.name}
        </p>
      </div>
    </footer>
  )
}
