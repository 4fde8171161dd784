import { useI18n } from '@/lib/i18n'
import { SiteText, SiteTextPage } from '../components/site-text-page'

export function TermsRoute() {
  const i18n = useI18n()
  return (
    <SiteTextPage title={() => i18n._({ id: 'site.terms.title', message: 'Terms' })}>
      {(site) => <SiteText text={site.terms} />}
    </SiteTextPage>
  )
}
