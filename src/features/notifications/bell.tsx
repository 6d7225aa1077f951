import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect, useId, useRef, useState } from 'react'
import type { Notification } from '../../../contract/notifications'
import { NOTIFICATIONS_FAILURE_KEY } from '../../../contract/values/notifications'
import { sessionAtom } from '../../atoms/session'
import { formatDate } from '../../i18n/format'
import { Button, IconButton } from '../../ui/button'
import { BellIcon, CloseIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/toast/toast-store'
import { useHydrated } from '../../ui/use-hydrated'
import { HrefLink } from '../../url/href-link'
import { useStoreLocation } from '../../url/store-location'
import { notificationsQuery, unreadQuery, useDeleteNotification, useMarkRead } from './queries'
import styles from './bell.module.css'

function NoteItem({
  note,
  fresh,
  onOpen,
}: {
  note: Notification
  /** Unread when the panel opened: shown as new though it is marked read meanwhile. */
  fresh: boolean
  onOpen: () => void
}) {
  const { t } = useLingui()
  const { href, lang } = useStoreLocation()
  const remove = useDeleteNotification(lang)
  const date = formatDate(note.created_at)
  return (
    <li
      className={fresh ? `${styles.note} ${styles.fresh}` : styles.note}
      data-testid="notification"
      data-kind={note.kind}
    >
      <div className={styles.noteBody}>
        {note.link ? (
          <HrefLink href={href(note.link)} className={styles.noteTitle} onClick={onOpen}>
            {note.title}
          </HrefLink>
        ) : (
          <p className={styles.noteTitle}>{note.title}</p>
        )}
        <p className={styles.noteText}>{note.text}</p>
        <p className={styles.noteDate}>
          {fresh ? <span className={styles.newMark}>{t`Новое`} · </span> : null}
          {date}
        </p>
      </div>
      <IconButton
        label={t`Удалить уведомление`}
        className={styles.delete}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(note.id, {
            onError: () => void toast.error(t`Не удалось удалить уведомление. Попробуйте позже.`),
          })
        }
        data-testid="notification-delete"
      >
        <CloseIcon size="S" />
      </IconButton>
    </li>
  )
}

/** The list: loads when the panel opens, and marks what it shows read. */
function Panel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useLingui()
  const { lang } = useStoreLocation()
  const list = useQuery(notificationsQuery(lang))
  const markRead = useMarkRead(lang)
  const [fresh, setFresh] = useState<ReadonlySet<string> | null>(null)
  const notes = list.data?.notes

  // Opening the panel reads what it shows: the NEW notifications of its first answer are noted (set while
  // rendering, React's way of deriving state from a prop's first value) and marked read once.
  if (notes && fresh === null) setFresh(new Set(notes.filter((n) => n.status === 'NEW').map((n) => n.id)))
  const { mutate } = markRead
  const marked = useRef(false)
  useEffect(() => {
    if (!fresh || fresh.size === 0 || marked.current) return
    marked.current = true
    mutate([...fresh])
  }, [fresh, mutate])

  return (
    <div
      id={id}
      className={styles.panel}
      role="dialog"
      aria-label={t`Уведомления`}
      data-testid="notifications-panel"
    >
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{t`Уведомления`}</h2>
        <IconButton label={t`Закрыть`} onClick={onClose} className={styles.close}>
          <CloseIcon size="S" />
        </IconButton>
      </div>
      {list.isError ? (
        <div
          className={styles.state}
          role="alert"
          data-testid="notifications-error"
          data-message={NOTIFICATIONS_FAILURE_KEY}
        >
          <p>{t`Не удалось получить уведомления. Попробуйте позже.`}</p>
          <Button size="s" variant="secondary" onClick={() => void list.refetch()}>
            {t`Повторить`}
          </Button>
        </div>
      ) : !notes ? (
        <div className={styles.state} aria-busy="true">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </div>
      ) : notes.length === 0 ? (
        <p className={styles.state} data-testid="notifications-empty">
          {t`Уведомлений пока нет. Здесь появятся новости о заказах, отзывах и товарах из избранного.`}
        </p>
      ) : (
        <ul className={styles.notes}>
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} fresh={fresh?.has(note.id) ?? false} onOpen={onClose} />
          ))}
        </ul>
      )}
    </div>
  )
}

function SignedInBell() {
  const { t } = useLingui()
  const panelId = useId()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const unread = useQuery(unreadQuery()).data?.unread ?? 0

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  const label = t`Уведомления`
  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.bell}
        aria-label={unread > 0 ? t`Уведомления: ${unread} непрочитанных` : label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
        data-testid="notifications-bell"
      >
        <span className={styles.icon}>
          <BellIcon />
          <span
            className={styles.badge}
            hidden={unread === 0}
            aria-hidden="true"
            data-testid="notifications-count"
            data-count={unread}
          >
            {unread > 99 ? '99+' : unread}
          </span>
        </span>
        <span className={styles.label}>{label}</span>
      </button>
      {open ? <Panel id={panelId} onClose={() => setOpen(false)} /> : null}
    </div>
  )
}

/** The header's bell: a signed-in shopper's unread count and the information centre's panel. */
export function NotificationBell() {
  // The server renders no session: the bell appears once the page is the app's and someone is signed in.
  const hydrated = useHydrated()
  const session = useAtomValue(sessionAtom)
  return hydrated && session.signedIn ? <SignedInBell /> : null
}
