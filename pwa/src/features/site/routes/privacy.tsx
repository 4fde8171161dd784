import { SiteText, SiteTextPage } from '../components/site-text-page'

export function PrivacyRoute() {
  return <SiteTextPage title={() => 'Privacy'}>{(site) => <SiteText text={site.privacy} />}</SiteTextPage>
}
