import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { BonusProfile } from '../../../contract/account-area'
import { useProfile } from '../../session/session'
import { formatDate, formatMoney } from '../../i18n/format'
import { Skeleton } from '../../ui/skeleton'
import { bonusQuery } from './queries'
import styles from './account.module.css'

/** The level table of the programme (spec 3, Benefit): what each level of purchases returns. */
export function BonusTable({ bonus }: { bonus: BonusProfile }) {
  const { t } = useLingui()
  return (
    <table className={styles.table} data-testid="bonus-table">
      <thead>
        <tr>
          <th scope="col">{t`Покупки за 12 месяцев`}</th>
          <th scope="col">{t`Возвращается бонусами`}</th>
        </tr>
      </thead>
      <tbody>
        {bonus.bonusTable.map((row) => (
          <tr key={row.code} className={bonus.benefit?.code === row.code ? styles.current : undefined}>
            <td>{row.threshold === 0 ? t`С первой покупки` : t`от ${formatMoney(row.threshold)}`}</td>
            <td>{row.benefit}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Spec 3 (Bonus): the balance, what is still pending, the level, and what is left to the next one. */
export function BonusesPage() {
  const { t } = useLingui()
  const profile = useProfile()
  const { data: bonus, isPending } = useQuery(bonusQuery(profile?.tdid))
  if (isPending || !bonus) return <Skeleton height={160} />
  const next = bonus.bonusTable.find((row) => row.threshold > bonus.accumulatedPurchases)
  return (
    <>
      <section className={styles.card} data-testid="bonuses" data-status={bonus.status}>
        <div className={styles.stats}>
          <div className={styles.stat}>
            <span className={styles.muted}>{t`Доступно бонусов`}</span>
            <span className={styles.statValue} data-testid="bonus-accessible">
              {bonus.bonusAccessible}
            </span>
          </div>
          <div className={styles.stat}>
            <span className={styles.muted}>{t`Ожидают начисления`}</span>
            <span className={styles.statValue}>{bonus.bonusNotAccessible}</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.muted}>{t`Ваш уровень`}</span>
            <span className={styles.statValue}>{bonus.benefit ? `${bonus.benefit.benefit}%` : '—'}</span>
          </div>
        </div>
        {bonus.status === 'HAS_NO_BONUS' ? (
          <p
            className={styles.muted}
          >{t`Бонусов пока нет: они начисляются за каждую покупку и становятся доступны через несколько дней после получения заказа.`}</p>
        ) : null}
        {bonus.nearestEndDate && bonus.nearestSum > 0 ? (
          <p
            className={styles.muted}
          >{t`${bonus.nearestSum} бонусов сгорят ${formatDate(bonus.nearestEndDate)}`}</p>
        ) : null}
        {next ? (
          <div>
            <p>
              {t`Покупки за 12 месяцев: ${formatMoney(bonus.accumulatedPurchases)}. До уровня ${next.benefit}% осталось ${formatMoney(bonus.leftToAccumulate)}.`}
            </p>
            <meter
              className={styles.formWide}
              min={0}
              max={next.threshold}
              value={bonus.accumulatedPurchases}
              aria-label={t`Прогресс до следующего уровня`}
            />
          </div>
        ) : (
          <p>{t`У вас максимальный уровень программы.`}</p>
        )}
        {bonus.activityDate ? (
          <p className={styles.muted}>{t`Уровень действует до ${formatDate(bonus.activityDate)}`}</p>
        ) : null}
      </section>
      <section className={styles.card}>
        <h2>{t`Уровни программы`}</h2>
        <BonusTable bonus={bonus} />
      </section>
    </>
  )
}
