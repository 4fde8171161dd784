import { useI18n } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/use-document-title'
import { AdvertisedSection } from '../components/advertised-section'
import { CategoriesSection } from '../components/categories-section'
import { Hero } from '../components/hero'
import { JustListedSection } from '../components/just-listed-section'
import { ShopBanner } from '../components/shop-banner'

export function HomeRoute() {
  const i18n = useI18n()
  useDocumentTitle()
  return (
    <>
      <Hero />
      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:py-10 lg:px-8">
        <h2 id="categories-heading" className="mb-2 text-xl font-bold sm:mb-6 sm:text-3xl">
          {i18n._({ id: 'home.categories', message: 'Categories' })}
        </h2>
        <CategoriesSection headingLevel="h3" strip />
      </section>
      <AdvertisedSection />
      <JustListedSection />
      <ShopBanner />
    </>
  )
}
