/**
 * The grid product cards sit in: two columns from 360 px (phones), up to
 * three. A file of its own so the home page can lay out placeholders in it
 * without loading the cards.
 */
export const productGridClasses = 'grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-6 lg:grid-cols-3'
