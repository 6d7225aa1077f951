import type { MenuItem } from '../../../contract/menu'
import { imageUrl } from '../../../contract/values/media'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import styles from './home.module.css'

const TILE_IMAGE = 150

/** The top categories of the city's catalogue menu, each a picture and a name. */
export function HomeCategoryTiles({ items }: { items: readonly MenuItem[] }) {
  const location = useStoreLocation()
  return (
    <ul className={styles.tiles}>
      {items.map((item) => (
        <li key={item.id}>
          <HrefLink href={location.href(item.url)} className={styles.tile} data-testid="category-tile">
            {item.image_id ? (
              <img
                src={imageUrl(item.image_id, TILE_IMAGE)}
                width={TILE_IMAGE}
                height={TILE_IMAGE}
                alt=""
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className={styles.tileNoImage} aria-hidden="true" />
            )}
            <span className={styles.tileTitle}>{item.title}</span>
          </HrefLink>
        </li>
      ))}
    </ul>
  )
}
