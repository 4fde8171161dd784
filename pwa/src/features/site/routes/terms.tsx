import { SiteText, SiteTextPage } from '../components/site-text-page'

export function TermsRoute() {
  return <SiteTextPage title={() => 'Terms'}>{(site) => <SiteText text={site.terms} />}</SiteTextPage>
}
