import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'

/** The 'Shop Products' call to action at the foot of the home page. */
export function ShopBanner() {
  const i18n = useI18n()
  return (
    <section aria-labelledby="shop-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 py-10">
      <div className="flex flex-col items-start gap-4 rounded-2xl bg-amber-100 px-6 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-10">
        <div>
          <h2 id="shop-heading" className="text-2xl font-bold sm:text-3xl">
            {i18n._({ id: 'home.shop.title', message: 'Shop Products' })}
          </h2>
          <p className="mt-2 max-w-xl text-stone-700">
            {i18n._({
              id: 'home.shop.body',
              message:
                'Sofas, tables, fridges and lamps, checked by their owners and priced to move. Book what you like and meet the seller nearby.',
            })}
          </p>
        </div>
        <Link to={paths.categories} className={buttonClasses({ className: 'shrink-0' })}>
          {i18n._({ id: 'home.shop.shopNow', message: 'Shop now' })}
        </Link>
      </div>
    </section>
  )
}
