import { useLingui } from '@lingui/react/macro'
import type { CmsBlock } from '../../../contract/menu'
import { imageUrl } from '../../../contract/values/media'
import { ContentAnchor } from '../../url/content-anchor'
import { textParagraphs } from './text'
import styles from './content.module.css'

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {textParagraphs(text).map((lines, i) => (
        <p key={i} className={styles.paragraph}>
          {lines.map((line, j) => (
            <span key={j} className={styles.line}>
              {line}
            </span>
          ))}
        </p>
      ))}
    </>
  )
}

export interface CmsBlocksProps {
  blocks: readonly CmsBlock[]
  /** A text block with this title is the shopper's city: it is marked (the delivery page). */
  cityName?: string
}

/**
 * The blocks of a content page in their order: headings with a lead text, text sections, banners and
 * runs of tiles (consecutive tile blocks form one grid).
 */
export function CmsBlocks({ blocks, cityName }: CmsBlocksProps) {
  const { t } = useLingui()
  const sorted = [...blocks].sort((a, b) => a.sort - b.sort)
  const groups: (CmsBlock | CmsBlock[])[] = []
  for (const block of sorted) {
    const last = groups[groups.length - 1]
    if (block.type === 'tile') {
      if (Array.isArray(last)) last.push(block)
      else groups.push([block])
    } else groups.push(block)
  }
  return (
    <div className={styles.blocks} data-testid="cms-blocks">
      {groups.map((group) => {
        if (Array.isArray(group)) {
          return (
            <ul key={`tiles-${group[0]?.id}`} className={styles.tiles}>
              {group.map((tile) => (
                <li key={tile.id}>
                  <ContentAnchor link={tile.link} className={styles.tile}>
                    {tile.image_id ? (
                      <img
                        src={imageUrl(tile.image_id, 800, 272)}
                        width={800}
                        height={272}
                        alt=""
                        loading="lazy"
                        decoding="async"
                      />
                    ) : null}
                    <span className={styles.tileBody}>
                      <b>{tile.title}</b>
                      {tile.text ? <span>{tile.text}</span> : null}
                    </span>
                  </ContentAnchor>
                </li>
              ))}
            </ul>
          )
        }
        const block = group
        switch (block.type) {
          case 'heading':
            return (
              <div key={block.id} className={styles.lead}>
                <Paragraphs text={block.text} />
              </div>
            )
          case 'banner':
            return block.image_id ? (
              <ContentAnchor key={block.id} link={block.link} className={styles.banner}>
                <img
                  src={imageUrl(block.image_id, 800, 272)}
                  width={800}
                  height={272}
                  alt={block.title}
                  loading="lazy"
                  decoding="async"
                />
              </ContentAnchor>
            ) : null
          default: {
            const ours = cityName !== undefined && block.title === cityName
            return (
              <section
                key={block.id}
                className={ours ? `${styles.text} ${styles.ourCity}` : styles.text}
                data-current-city={ours || undefined}
              >
                {block.title ? (
                  <h2 className={styles.textTitle}>
                    {block.title}
                    {ours ? <span className={styles.cityBadge}>{t`ваш город`}</span> : null}
                  </h2>
                ) : null}
                <Paragraphs text={block.text} />
              </section>
            )
          }
        }
      })}
    </div>
  )
}
