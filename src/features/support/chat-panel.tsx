import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { imageUrl } from '../../../contract/values/media'
import {
  SUPPORT_ERROR_KEYS,
  SUPPORT_LIMITS,
  type SupportMessage,
} from '../../../contract/values/support-chat'
import { isApiError } from '../../data/api-error'
import { useStoreLocation } from '../../url/store-location'
import { socketUrl, startSession, uploadPicture, widgetsQuery } from './api'
import { storedCartId } from './stored-cart-id'
import { createChatConnection, type ChatState, type PendingMessage } from './connection'
import styles from './support.module.css'

const ERRORS: Record<string, MessageDescriptor> = {
  'errors:tooManyRequests': msg`Слишком много сообщений подряд. Подождите немного.`,
  [SUPPORT_ERROR_KEYS.closed]: msg`Диалог завершён. Напишите ещё раз, чтобы начать новый.`,
  'errors:unsupportedFile': msg`Можно отправить только фото в JPEG, PNG или WebP.`,
  'errors:payloadTooLarge': msg`Фото слишком большое: не больше 5 МБ.`,
  'errors:noConnection': msg`Нет соединения с интернетом. Попробуйте, когда сеть вернётся.`,
}
const FALLBACK = msg`Не удалось отправить. Попробуйте ещё раз.`

/** A value the connection reads when it (re)connects, kept current by an effect. */
function holder<T>(initial: T) {
  let value = initial
  return {
    get: () => value,
    set: (next: T) => {
      value = next
    },
  }
}

/**
 * `14:05` on the store's clock (UTC+5, Kazakhstan's one zone since March 2024, as i18n/store-clock.ts
 * says): importing that module from this chunk split it out of the first chunks, so the sum is here.
 */
const timeOf = (iso: string) => new Date(new Date(iso).getTime() + 5 * 3_600_000).toISOString().slice(11, 16)

/**
 * The chat's window (spec 2.8): the shopper (or guest) writes, sends a photo, sees the operator typing
 * and answering live. The socket opens with the window and stays while it is only folded.
 */
export function ChatPanel({
  open,
  onClose,
  onTheirMessage,
}: {
  open: boolean
  onClose: () => void
  /** An operator's message came in (the launcher marks it when the window is folded). */
  onTheirMessage: () => void
}) {
  const { t, i18n } = useLingui()
  const { cityId } = useStoreLocation()
  // the city and cart at each (re)connect are the device's then, not when the window opened
  const [city] = useState(() => holder(cityId))
  useEffect(() => city.set(cityId), [city, cityId])
  const [cart] = useState(() => holder<string | null>(null))
  const [connection] = useState(() =>
    createChatConnection({
      url: () => socketUrl(undefined, { city_id: city.get(), cart_id: cart.get() ?? undefined }),
      prepare: async () => {
        cart.set(await storedCartId())
        await startSession(cart.get(), city.get())
      },
    }),
  )
  useEffect(() => {
    connection.start()
    return () => connection.stop()
  }, [connection])
  const state = useSyncExternalStore(connection.subscribe, connection.getState, connection.getState)
  const widgets = useQuery(widgetsQuery())
  const titleId = useId()

  const theirCount = state.messages.filter((m) => m.author === 'operator').length
  const seenTheirs = useRef(theirCount)
  useEffect(() => {
    if (theirCount > seenTheirs.current) onTheirMessage()
    seenTheirs.current = theirCount
  }, [theirCount, onTheirMessage])

  const list = useRef<HTMLOListElement>(null)
  const shown = state.messages.length + state.pending.length
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight })
  }, [shown, open, state.otherTyping])

  const errorText = (key: string | null) => i18n._(ERRORS[key ?? ''] ?? FALLBACK)

  return (
    <section
      className={styles.panel}
      role="dialog"
      aria-labelledby={titleId}
      hidden={!open}
      data-testid="support-panel"
    >
      <header className={styles.panelHeader}>
        <div>
          <h2 id={titleId} className={styles.title}>{t`Чат поддержки`}</h2>
          <p className={styles.status} data-testid="support-status">
            <StatusLine state={state} />
          </p>
        </div>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t`Свернуть чат`}>
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            aria-hidden="true"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </header>
      <ol className={styles.messages} ref={list} aria-live="polite" data-testid="support-messages">
        {state.messages.length === 0 && state.pending.length === 0 ? (
          <li className={styles.hint}>{t`Напишите вопрос — оператор ответит здесь.`}</li>
        ) : null}
        {state.messages.map((m) => (
          <Bubble key={m.seq} message={m} />
        ))}
        {state.pending.map((p) => (
          <PendingBubble
            key={p.client_id}
            message={p}
            errorText={errorText}
            onRetry={() => connection.retry(p.client_id)}
          />
        ))}
        {state.otherTyping ? (
          <li className={styles.typing} data-testid="support-typing">
            {t`Оператор печатает…`}
          </li>
        ) : null}
      </ol>
      <Composer
        onSend={(text, picture) => connection.send(text, picture)}
        onTyping={() => connection.typing()}
        errorText={errorText}
      />
      {widgets.data?.bot_url ? (
        <p className={styles.help}>
          <a
            href={widgets.data.bot_url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="support-bot-link"
          >
            {t`Написать нам в мессенджере`}
          </a>
        </p>
      ) : null}
    </section>
  )
}

function StatusLine({ state }: { state: ChatState }) {
  const { t } = useLingui()
  if (state.link === 'connecting') return <>{t`Подключаемся…`}</>
  switch (state.conversation?.status) {
    case 'taken':
      return <>{t`Оператор на связи`}</>
    case 'waiting':
      return <>{t`Ждём свободного оператора`}</>
    case 'closed':
      return <>{t`Диалог завершён. Напишите, чтобы начать новый`}</>
    default:
      return <>{t`Поддержка магазина`}</>
  }
}

function Bubble({ message }: { message: SupportMessage }) {
  const { t } = useLingui()
  const mine = message.author === 'shopper'
  return (
    <li
      className={mine ? styles.mine : styles.theirs}
      data-testid="support-message"
      data-author={message.author}
    >
      {mine ? null : <span className={styles.who}>{t`Оператор`}</span>}
      {message.attachment_id ? (
        <a href={imageUrl(message.attachment_id, 800, 800, 'jpg')} target="_blank" rel="noopener noreferrer">
          <img
            className={styles.picture}
            src={imageUrl(message.attachment_id, 272)}
            alt={t`Фото`}
            width={272}
            height={272}
            loading="lazy"
          />
        </a>
      ) : null}
      {message.text ? <span className={styles.text}>{message.text}</span> : null}
      <time className={styles.time} dateTime={message.created_at}>
        {timeOf(message.created_at)}
      </time>
    </li>
  )
}

function PendingBubble({
  message,
  errorText,
  onRetry,
}: {
  message: PendingMessage
  errorText: (key: string | null) => string
  onRetry: () => void
}) {
  const { t } = useLingui()
  return (
    <li className={`${styles.mine} ${styles.pending}`} data-testid="support-pending">
      {message.attachment_id ? <span className={styles.text}>{t`Фото`}</span> : null}
      {message.text ? <span className={styles.text}>{message.text}</span> : null}
      {message.failed ? (
        <span className={styles.failed} role="alert">
          {errorText(message.failed)}{' '}
          <button type="button" className={styles.retry} onClick={onRetry}>
            {t`Повторить`}
          </button>
        </span>
      ) : (
        <span className={styles.time}>{t`Отправляется…`}</span>
      )}
    </li>
  )
}

function Composer({
  onSend,
  onTyping,
  errorText,
}: {
  onSend: (text: string, picture: string | null) => void
  onTyping: () => void
  errorText: (key: string | null) => string
}) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const [uploading, setUploading] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const file = useRef<HTMLInputElement>(null)

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!text.trim()) return
    onSend(text, null)
    setText('')
  }

  const sendPicture = async (picked: File | undefined) => {
    if (!picked) return
    setProblem(null)
    if (picked.size > SUPPORT_LIMITS.imageMaxBytes) {
      setProblem(errorText('errors:payloadTooLarge'))
      return
    }
    setUploading(true)
    try {
      onSend('', await uploadPicture(picked))
    } catch (error) {
      setProblem(
        errorText(
          isApiError(error) ? (error.status === 429 ? 'errors:tooManyRequests' : error.messageKey) : null,
        ),
      )
    } finally {
      setUploading(false)
      if (file.current) file.current.value = ''
    }
  }

  return (
    <form className={styles.composer} onSubmit={submit}>
      {problem ? (
        <p className={styles.failed} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.row}>
        <label className={styles.attach} title={t`Прикрепить фото`}>
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className={styles.fileInput}
            aria-label={t`Прикрепить фото`}
            disabled={uploading}
            onChange={(event) => void sendPicture(event.currentTarget.files?.[0])}
          />
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M21 12.5l-8.5 8.5a5 5 0 01-7-7L14 5.5a3.3 3.3 0 014.7 4.7L10.2 18.7a1.7 1.7 0 01-2.4-2.4L15.5 8.6" />
          </svg>
        </label>
        <textarea
          className={styles.input}
          value={text}
          rows={1}
          maxLength={SUPPORT_LIMITS.textMax}
          placeholder={uploading ? t`Фото загружается…` : t`Сообщение`}
          aria-label={t`Сообщение`}
          data-testid="support-input"
          onChange={(event) => {
            setText(event.currentTarget.value)
            onTyping()
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
          }}
        />
        <button type="submit" className={styles.send} aria-label={t`Отправить`} data-testid="support-send">
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M4 12l16-8-6 16-2-6z" />
          </svg>
        </button>
      </div>
    </form>
  )
}
