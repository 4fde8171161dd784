import { SiteText, SiteTextPage } from '../components/site-text-page'

/** Who runs the marketplace, its rules, and how to reach an admin. */
export function AboutRoute() {
  return (
    <SiteTextPage title={(site) => `About ${site.name}`} description={(site) => site.tagline}>
      {(site) => (
        <div className="flex flex-col gap-8">
          <SiteText text={site.about} />
          <section aria-labelledby="rules" className="flex scroll-mt-20 flex-col gap-4">
            <h2 id="rules" className="scroll-mt-20 text-2xl font-bold">
              Rules
            </h2>
            <SiteText text={site.rules} />
          </section>
          <section aria-labelledby="contact" className="flex flex-col gap-2">
            <h2 id="contact" className="scroll-mt-20 text-2xl font-bold">
              Contact
            </h2>
            {site.contact_email ? (
              <p>
                <a href={`mailto:${site.contact_email}`}>Contact an admin</a> at{' '}
                <span className="wrap-anywhere">{site.contact_email}</span>.
              </p>
            ) : (
              <p className="text-stone-700">This marketplace has not published an address for its admins yet.</p>
            )}
          </section>
        </div>
      )}
    </SiteTextPage>
  )
}
