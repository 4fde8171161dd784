// The search screen (features/search) drawing its results with the
// catalogue's card and Book Now, as a category page does. Features don't
// import each other: the app puts the two together.
import { ProductActions } from '@/features/catalogue/components/product-actions'
import { ProductCard } from '@/features/catalogue/components/product-card'
import { SearchRoute, type ResultCardProps } from '@/features/search/routes/search'

function ResultCard({ product, priority }: ResultCardProps) {
  return <ProductCard product={product} priority={priority} actions={<ProductActions product={product} />} />
}

export function SearchScreen() {
  return <SearchRoute Card={ResultCard} />
}
