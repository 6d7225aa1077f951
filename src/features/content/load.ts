import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { isApiError } from '../../data/api-error'
import {
  cmsPageQuery,
  giftCardsQuery,
  promotionsQuery,
  servicePointsQuery,
  type ContentLocale,
} from './queries'

/** The cms page the promotions page takes its heading and lead text from. */
export const PROMO_SLUG = 'promo'

/** Slugs of cms blocks that are parts of other pages, not pages of their own. */
const NOT_PAGES = new Set(['home-banners'])

/**
 * Loaders of the content pages, kept apart from their components (a route's loader is in the app's first
 * bundle, its component is not).
 *
 * The loader of a content page: its blocks, or the not-found page for an unknown slug. Other failures are
 * left to the page, which shows them with a retry.
 */
export async function loadCmsPage(
  queryClient: QueryClient,
  slug: string,
  locale: ContentLocale,
): Promise<void> {
  if (NOT_PAGES.has(slug)) throw notFound()
  // The contacts page lists the city's shops under its text: asked for at the same time.
  const points =
    slug === 'contacts'
      ? queryClient.ensureQueryData(servicePointsQuery(locale)).catch(() => undefined)
      : undefined
  try {
    await queryClient.ensureQueryData({ ...cmsPageQuery(slug, locale), revalidateIfStale: true })
  } catch (error) {
    if (isApiError(error, 404)) throw notFound()
  }
  await points
}

/** The promo page's loader: its lead text and the city's promotions; a failure leaves the page to say so. */
export async function loadPromoPage(queryClient: QueryClient, locale: ContentLocale): Promise<void> {
  await Promise.allSettled([
    queryClient.ensureQueryData(cmsPageQuery(PROMO_SLUG, locale)),
    queryClient.ensureQueryData(promotionsQuery(locale)),
  ])
}

/** The gift cards page's loader; a failure leaves the page to say so, with a retry. */
export async function loadGiftCards(queryClient: QueryClient, locale: ContentLocale): Promise<void> {
  await queryClient.ensureQueryData(giftCardsQuery(locale)).catch(() => undefined)
}
