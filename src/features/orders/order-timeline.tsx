import { useLingui } from '@lingui/react/macro'
import type { OrderTimeline as Timeline } from '../../../contract/orders'
import { formatDate } from '../../i18n/format'
import { clockText, storeTime } from '../../i18n/store-clock'
import { ACTOR_NAMES, TIMELINE_STATUS_NAMES } from './status-names'
import styles from './orders.module.css'

/**
 * The order's statuses, oldest first, each with its date, time, who moved it and what the operator wrote
 * then; the last is now.
 */
export function OrderTimeline({ timeline }: { timeline: Timeline }) {
  const { t, i18n } = useLingui()
  const last = timeline.events.length - 1
  return (
    <section className={styles.card} aria-labelledby="order-timeline-title" data-testid="order-timeline">
      <h2 id="order-timeline-title" className={styles.title}>
        {t`Статус заказа`}
      </h2>
      <ol className={styles.timeline}>
        {timeline.events.map((event, index) => {
          const at = new Date(event.at)
          const when = `${formatDate(at)}, ${clockText(storeTime(at))}`
          const by = i18n._(ACTOR_NAMES[event.by])
          return (
            <li
              key={`${event.status}-${event.at}`}
              className={styles.step}
              data-current={index === last ? 'true' : undefined}
              data-status={event.status}
              data-testid="timeline-step"
            >
              <span className={styles.dot} aria-hidden="true" />
              <span className={styles.stepName}>{i18n._(TIMELINE_STATUS_NAMES[event.status])}</span>
              <span className={styles.stepMeta}>
                <time dateTime={event.at}>{when}</time> · {by}
              </span>
              {event.note ? (
                <p className={styles.stepNote} data-testid="timeline-note">
                  {event.note}
                </p>
              ) : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
