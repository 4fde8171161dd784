import { useI18n } from '@/lib/i18n'
import { SiteText, SiteTextPage } from '../components/site-text-page'

export function PrivacyRoute() {
  const i18n = useI18n()
  return (
    <SiteTextPage title={() => i18n._({ id: 'site.privacy.title', message: 'Privacy' })}>
      {(site) => <SiteText text={site.privacy} />}
    </SiteTextPage>
  )
}
