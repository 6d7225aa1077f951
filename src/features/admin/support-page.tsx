import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import type { SupportConversationDetail, SupportQueue } from '../../../contract/support-chat'
import {
  SUPPORT_ADMIN_V1,
  SUPPORT_ERROR_KEYS,
  SUPPORT_LIMITS,
  SUPPORT_OPERATOR_SOCKET,
  type SupportConversation,
  type SupportMessage,
} from '../../../contract/values/support-chat'
import { ADMIN_API_V1 } from '../../../contract/values/staff'
import type { OrderStatus } from '../../../contract/values/account-area'
import { imageUrl } from '../../../contract/values/media'
import { createChatConnection, type ChatConnection, type PendingMessage } from '../support'
import { adminApi, isAdminError } from './api'
import { storeDateTime, tenge } from './format'
import { AdminLink, searchOf, useAdminNavigate } from './link'
import { meQuery } from './queries'
import { STATUS_NAMES } from './status-names'
import styles from './admin.module.css'

/** The chat's routes under the back office's API (`/admin/api/v1` + this). */
const CHAT = SUPPORT_ADMIN_V1.slice(ADMIN_API_V1.length)
const QUEUE_KEY = ['admin', 'support', 'queue']
const detailKey = (id: string) => ['admin', 'support', 'conversation', id]
/** The list is read again this often even without the socket's word (another process, a lost frame). */
const QUEUE_EVERY_MS = 15_000
/** While the socket is down, the open conversation is read over HTTP this often. */
const FALLBACK_EVERY_MS = 3_000

const ERRORS: Record<string, MessageDescriptor> = {
  [SUPPORT_ERROR_KEYS.notYours]: msg`Диалог ведёт другой оператор.`,
  [SUPPORT_ERROR_KEYS.alreadyTaken]: msg`Диалог уже взял другой оператор.`,
  [SUPPORT_ERROR_KEYS.closed]: msg`Диалог завершён.`,
  [SUPPORT_ERROR_KEYS.notFound]: msg`Диалог не найден.`,
  'errors:noConnection': msg`Нет связи с сервером.`,
}
const FALLBACK_ERROR = msg`Не удалось отправить.`

/**
 * `/admin/support`: the operators' side of the support chat. The open conversations (waiting first)
 * and, beside them, the chosen one live over the operators' socket (the same connection the shopper's
 * window uses), with the shopper's phone, cart and recent orders; while the socket is down the page
 * reads and sends over HTTP.
 */
export function AdminSupportPage() {
  const { t } = useLingui()
  const searchStr = useRouterState({ select: (s) => s.location.searchStr })
  const selected = searchOf(searchStr).get('c')
  const queue = useQuery({
    queryKey: QUEUE_KEY,
    queryFn: () => adminApi.get<SupportQueue>(`${CHAT}/conversations`),
    refetchInterval: QUEUE_EVERY_MS,
  })
  return (
    <>
      <h1>{t`Чат поддержки`}</h1>
      <div className={styles.chatLayout}>
        <section aria-label={t`Открытые диалоги`} className={styles.chatList}>
          {queue.isError ? (
            <p className={styles.error} role="alert">{t`Не удалось загрузить диалоги.`}</p>
          ) : !queue.data ? (
            <p role="status">{t`Загрузка…`}</p>
          ) : queue.data.conversations.length === 0 ? (
            <p className={styles.muted}>{t`Открытых диалогов нет.`}</p>
          ) : (
            <ul>
              {queue.data.conversations.map((c) => (
                <li key={c.id}>
                  <AdminLink
                    href={`/admin/support?c=${c.id}`}
                    className={styles.chatItem}
                    aria-current={c.id === selected ? 'true' : undefined}
                    data-testid="admin-conversation"
                    data-status={c.status}
                  >
                    <span className={styles.status}>
                      <StatusName status={c.status} takenBy={c.taken_by} />
                    </span>{' '}
                    <strong>{c.shopper_name ?? (c.shopper_phone ? `+${c.shopper_phone}` : t`Гость`)}</strong>
                    {c.shopper_name && c.shopper_phone ? (
                      <span className={styles.muted}> +{c.shopper_phone}</span>
                    ) : null}
                    <span className={styles.chatLast}>{c.last_text || t`Фото`}</span>
                    <span className={styles.muted}>{storeDateTime(c.last_message_at)}</span>
                  </AdminLink>
                </li>
              ))}
            </ul>
          )}
        </section>
        {selected ? (
          <Conversation key={selected} id={selected} />
        ) : (
          <p className={styles.muted}>{t`Выберите диалог слева.`}</p>
        )}
      </div>
    </>
  )
}

/** A conversation's state in the list and above it: waiting, whose it is, or closed. */
function StatusName({ status, takenBy }: { status: SupportConversation['status']; takenBy: string | null }) {
  const { t } = useLingui()
  if (status === 'waiting') return <>{t`Ждёт`}</>
  if (status === 'closed') return <>{t`Завершён`}</>
  return <>{t`Ведёт ${takenBy ?? ''}`}</>
}

function operatorSocketUrl(): string {
  const url = new URL(SUPPORT_OPERATOR_SOCKET, window.location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}

/** One conversation: its messages live, the send box, take and close, the shopper beside. */
function Conversation({ id }: { id: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useAdminNavigate()
  const me = useQuery(meQuery())
  const [connection] = useState<ChatConnection>(() =>
    createChatConnection({
      url: operatorSocketUrl,
      // a dead access token is renewed before the socket is opened again
      prepare: () => adminApi.get('/me').then(() => undefined),
      side: 'operator',
      conversationId: id,
      onFrame: (frame) => {
        if (frame.type === 'queue' || frame.type === 'conversation')
          void queryClient.invalidateQueries({ queryKey: QUEUE_KEY })
      },
      sendByHttp: (message: PendingMessage) =>
        adminApi
          .post<{ message: SupportMessage }>(`${CHAT}/conversations/${id}/messages`, {
            client_id: message.client_id,
            text: message.text,
          })
          .then((sent) => sent.message),
    }),
  )
  useEffect(() => {
    connection.start()
    return () => connection.stop()
  }, [connection])
  const state = useSyncExternalStore(connection.subscribe, connection.getState, connection.getState)
  const offline = state.link !== 'online'

  // the shopper's context, and the messages while the socket is down
  const detail = useQuery({
    queryKey: detailKey(id),
    queryFn: () => adminApi.get<SupportConversationDetail>(`${CHAT}/conversations/${id}`),
    refetchInterval: offline ? FALLBACK_EVERY_MS : false,
  })
  useEffect(() => {
    if (!detail.data) return
    connection.receive({ type: 'conversation', conversation: detail.data.conversation })
    connection.receive({ type: 'messages', conversation_id: id, messages: detail.data.messages })
  }, [detail.data, connection, id])

  const act = useMutation({
    mutationFn: (action: 'take' | 'close') =>
      adminApi.post<SupportConversation>(`${CHAT}/conversations/${id}/${action}`),
    onSuccess: (conversation) => {
      connection.receive({ type: 'conversation', conversation })
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY })
      void queryClient.invalidateQueries({ queryKey: detailKey(id) })
    },
  })

  const list = useRef<HTMLOListElement>(null)
  const shown = state.messages.length + state.pending.length
  useEffect(() => {
    list.current?.scrollTo?.({ top: list.current.scrollHeight })
  }, [shown, state.otherTyping])

  if (detail.isError && isAdminError(detail.error, 404))
    return <p className={styles.error} role="alert">{t`Диалог не найден.`}</p>
  const conversation = state.conversation ?? detail.data?.conversation ?? null
  const mine = conversation?.status === 'taken' && conversation.taken_by === me.data?.login
  const errorText = (key: string | null) => i18n._(ERRORS[key ?? ''] ?? FALLBACK_ERROR)

  return (
    <div className={styles.chatView}>
      <section className={styles.chatPane} aria-label={t`Диалог`} data-testid="admin-chat">
        <header className={styles.actions}>
          <span className={styles.status} data-testid="admin-chat-status">
            {conversation ? (
              <StatusName status={conversation.status} takenBy={conversation.taken_by} />
            ) : (
              t`Загрузка…`
            )}
          </span>
          {offline ? (
            <span className={styles.muted} role="status">{t`Нет живой связи: обновляем каждые 3 с`}</span>
          ) : null}
          {conversation?.status === 'waiting' ? (
            <button
              type="button"
              className={styles.primary}
              onClick={() => !act.isPending && act.mutate('take')}
            >
              {t`Взять диалог`}
            </button>
          ) : null}
          {conversation?.status === 'waiting' || mine ? (
            <button
              type="button"
              className={`${styles.button} ${styles.danger}`}
              onClick={() => {
                if (!act.isPending) act.mutate('close')
              }}
            >
              {t`Завершить`}
            </button>
          ) : null}
          {conversation?.status === 'closed' ? (
            <button type="button" className={styles.button} onClick={() => navigate('/admin/support')}>
              {t`К списку`}
            </button>
          ) : null}
        </header>
        {act.isError ? (
          <p className={styles.error} role="alert">
            {isAdminError(act.error) ? errorText(act.error.messageKey) : errorText(null)}
          </p>
        ) : null}
        <ol className={styles.chatMessages} ref={list} aria-live="polite" data-testid="admin-chat-messages">
          {state.messages.map((m) => (
            <Bubble key={m.seq} message={m} />
          ))}
          {state.pending.map((p) => (
            <li key={p.client_id} className={styles.chatMine} data-testid="admin-chat-pending">
              <span>{p.text}</span>
              {p.failed ? (
                <span className={styles.error} role="alert">
                  {errorText(p.failed)}{' '}
                  <button
                    type="button"
                    className={styles.button}
                    onClick={() => connection.retry(p.client_id)}
                  >
                    {t`Повторить`}
                  </button>
                </span>
              ) : (
                <span className={styles.muted}>{t`Отправляется…`}</span>
              )}
            </li>
          ))}
          {state.otherTyping ? (
            <li className={styles.muted} data-testid="admin-chat-typing">
              {t`Покупатель печатает…`}
            </li>
          ) : null}
        </ol>
        {mine ? (
          <SendBox onSend={(text) => connection.send(text)} onTyping={() => connection.typing()} />
        ) : conversation?.status === 'waiting' ? (
          <p className={styles.muted}>{t`Возьмите диалог, чтобы ответить.`}</p>
        ) : null}
      </section>
      {detail.data ? <ShopperContext detail={detail.data} /> : null}
    </div>
  )
}

function Bubble({ message }: { message: SupportMessage }) {
  const { t } = useLingui()
  const operator = message.author === 'operator'
  return (
    <li
      className={operator ? styles.chatMine : styles.chatTheirs}
      data-testid="admin-chat-message"
      data-author={message.author}
    >
      <span className={styles.muted}>
        {operator ? t`Оператор` : t`Покупатель`} · {storeDateTime(message.created_at)}
      </span>
      {message.attachment_id ? (
        <a href={imageUrl(message.attachment_id, 800, 800, 'jpg')} target="_blank" rel="noopener noreferrer">
          {t`Фото`}
        </a>
      ) : null}
      {message.text ? <span>{message.text}</span> : null}
    </li>
  )
}

/** The answer box: Enter sends, Shift+Enter is a new line; every keystroke tells the shopper. */
function SendBox({ onSend, onTyping }: { onSend: (text: string) => void; onTyping: () => void }) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!text.trim()) return
    onSend(text)
    setText('')
  }
  return (
    <form className={styles.chatSend} onSubmit={submit}>
      <textarea
        value={text}
        rows={2}
        maxLength={SUPPORT_LIMITS.textMax}
        aria-label={t`Ответ`}
        placeholder={t`Ответ покупателю`}
        data-testid="admin-chat-input"
        onChange={(event) => {
          setText(event.currentTarget.value)
          onTyping()
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
        }}
      />
      <button type="submit" className={styles.primary}>
        {t`Отправить`}
      </button>
    </form>
  )
}

function ShopperContext({ detail }: { detail: SupportConversationDetail }) {
  const { t, i18n } = useLingui()
  const { shopper, cart, orders } = detail
  return (
    <aside className={styles.card} aria-label={t`Покупатель`} data-testid="admin-chat-shopper">
      <h2>{shopper.kind === 'guest' ? t`Гость` : shopper.name || t`Покупатель`}</h2>
      {shopper.phone ? <p>+{shopper.phone}</p> : null}
      <h3>{t`Корзина`}</h3>
      {cart ? (
        <ul>
          {cart.lines.map((line) => (
            <li key={line.sku}>
              {line.title} × {line.quantity} · {tenge(line.price)}
            </li>
          ))}
          <li>
            <strong>{t`Итого: ${tenge(cart.total)}`}</strong>
          </li>
        </ul>
      ) : (
        <p className={styles.muted}>{t`Корзина пуста.`}</p>
      )}
      {shopper.kind === 'shopper' ? (
        <>
          <h3>{t`Последние заказы`}</h3>
          {orders.length === 0 ? (
            <p className={styles.muted}>{t`Заказов нет.`}</p>
          ) : (
            <ul>
              {orders.map((o) => (
                <li key={o.order_id}>
                  <AdminLink href={`/admin/orders/${o.order_id}`}>№ {o.number}</AdminLink> ·{' '}
                  {STATUS_NAMES[o.status as OrderStatus]
                    ? i18n._(STATUS_NAMES[o.status as OrderStatus])
                    : o.status}{' '}
                  · {tenge(o.total)} · {storeDateTime(o.created_at)}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </aside>
  )
}
