import { useLingui } from '@lingui/react/macro'
import type { FastLink } from '../../../contract/menu'
import { imageUrl } from '../../../contract/values/media'
import { ContentAnchor } from '../../url/content-anchor'
import styles from './home.module.css'

const ICON_SIZE = 100

/**
 * The round shortcuts under the banners (spec 3, Fast link). Links for one platform only are shown on
 * that platform by CSS (phones below 768 px), so the page needs no second request when it is resized.
 */
export function FastLinks({ links }: { links: readonly FastLink[] }) {
  const { t } = useLingui()
  if (links.length === 0) return null
  return (
    <nav aria-label={t`Быстрые ссылки`}>
      <ul className={styles.fastLinks}>
        {links.map((link) => (
          <li key={link.id} className={styles.fastLinkItem} data-platform={link.platform}>
            <ContentAnchor link={link.redirect_link} className={styles.fastLink} data-testid="fast-link">
              <picture>
                <source media="(max-width: 767px)" srcSet={imageUrl(link.image.m_web, ICON_SIZE)} />
                <img
                  src={imageUrl(link.image.desktop, ICON_SIZE)}
                  width={ICON_SIZE}
                  height={ICON_SIZE}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              </picture>
              <span>{link.title}</span>
            </ContentAnchor>
          </li>
        ))}
      </ul>
    </nav>
  )
}
