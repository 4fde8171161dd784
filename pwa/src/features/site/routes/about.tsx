import { Trans } from '@lingui/react'
import { useI18n } from '@/lib/i18n'
import { SiteText, SiteTextPage } from '../components/site-text-page'

/** Who runs the marketplace, its rules, and how to reach an admin. */
export function AboutRoute() {
  const i18n = useI18n()
  return (
    <SiteTextPage
      title={(site) => i18n._({ id: 'site.about.title', message: 'About {siteName}', values: { siteName: site.name } })}
      description={(site) => site.tagline}
    >
      {(site) => (
        <div className="flex flex-col gap-8">
          <SiteText text={site.about} />
          <section aria-labelledby="rules" className="flex scroll-mt-20 flex-col gap-4">
            <h2 id="rules" className="scroll-mt-20 text-2xl font-bold">
              {i18n._({ id: 'site.about.rules', message: 'Rules' })}
            </h2>
            <SiteText text={site.rules} />
          </section>
          <section aria-labelledby="contact" className="flex flex-col gap-2">
            <h2 id="contact" className="scroll-mt-20 text-2xl font-bold">
              {i18n._({ id: 'site.about.contact', message: 'Contact' })}
            </h2>
            {site.contact_email ? (
              <p>
                <Trans
                  id="site.about.contactAdmin"
                  message="<0>Contact an admin</0> at <1>{email}</1>."
                  values={{ email: site.contact_email }}
                  components={{ 0: <a href={`mailto:${site.contact_email}`} />, 1: <span className="wrap-anywhere" /> }}
                />
              </p>
            ) : (
              <p className="text-stone-700">
                {i18n._({
                  id: 'site.about.noContact',
                  message: 'This marketplace has not published an address for its admins yet.',
                })}
              </p>
            )}
          </section>
        </div>
      )}
    </SiteTextPage>
  )
}
