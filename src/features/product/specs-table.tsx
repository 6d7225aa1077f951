import { useLingui } from '@lingui/react/macro'
import type { z } from 'zod'
import type { SpecGroup } from '../../../contract/catalog'
import styles from './specs-table.module.css'

export type SpecGroups = readonly z.infer<typeof SpecGroup>[]

/** The characteristics by group ('Экран', 'Память'), a row per characteristic; empty groups are left out. */
export function SpecsTable({ groups }: { groups: SpecGroups }) {
  const { t } = useLingui()
  const shown = groups.filter((group) => group.items.length > 0)
  if (shown.length === 0) return <p className={styles.empty}>{t`Характеристики пока не указаны.`}</p>
  return (
    <div className={styles.groups} data-testid="specs-table">
      {shown.map((group) => (
        <section key={group.code} className={styles.group}>
          <h3 className={styles.groupTitle}>{group.title}</h3>
          <dl className={styles.rows}>
            {group.items.map((item) => (
              <div key={item.code} className={styles.row}>
                <dt>{item.title}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  )
}
