import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { NotificationDeleted, NotificationList, UnreadCount } from '../../../contract/notifications'
import { NOTIFICATIONS_V1 } from '../../../contract/values/notifications'
import type { Lang } from '../../../contract/common'
import { api } from '../../data/api'

/**
 * The information centre's data. It is the shopper's own: `meta.user` keeps it off the disk and drops it
 * at sign-out (src/data/user-queries.ts).
 */
const NOTES = `${NOTIFICATIONS_V1}/notes`
export const notificationsKey = ['notifications'] as const
const USER = { user: true }

/** The bell's number: asked again every minute and when the shopper comes back to the tab. */
export const unreadQuery = () =>
  queryOptions({
    queryKey: [...notificationsKey, 'unread'],
    queryFn: ({ signal }) => api.get<UnreadCount>(`${NOTES}/unread`, { signal }),
    meta: USER,
    refetchInterval: 60_000,
    staleTime: 30_000,
  })

/** The newest notifications, in the page's language (the server writes their texts). */
export const notificationsQuery = (lang: Lang) =>
  queryOptions({
    queryKey: [...notificationsKey, 'list', lang],
    queryFn: ({ signal }) => api.get<NotificationList>(NOTES, { query: { page: 1, limit: 20 }, signal }),
    meta: USER,
  })

function useSetUnread() {
  const queryClient = useQueryClient()
  return (unread: number) => queryClient.setQueryData(unreadQuery().queryKey, { unread })
}

/** Marks the shown NEW notifications read; the list shows them read at once. */
export function useMarkRead(lang: Lang) {
  const queryClient = useQueryClient()
  const setUnread = useSetUnread()
  return useMutation({
    mutationFn: (ids: string[]) => api.post<UnreadCount>(`${NOTES}/read`, { ids }),
    onMutate: (ids) => {
      queryClient.setQueryData(notificationsQuery(lang).queryKey, (list) =>
        list
          ? {
              ...list,
              notes: list.notes.map((n) => (ids.includes(n.id) ? { ...n, status: 'READ' as const } : n)),
            }
          : list,
      )
    },
    onSuccess: ({ unread }) => setUnread(unread),
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationsKey }),
  })
}

export function useDeleteNotification(lang: Lang) {
  const queryClient = useQueryClient()
  const setUnread = useSetUnread()
  return useMutation({
    mutationFn: (id: string) => api.delete<NotificationDeleted>(`${NOTES}/${encodeURIComponent(id)}`),
    onSuccess: ({ unread }, id) => {
      setUnread(unread)
      queryClient.setQueryData(notificationsQuery(lang).queryKey, (list) =>
        list ? { ...list, total: list.total - 1, notes: list.notes.filter((n) => n.id !== id) } : list,
      )
    },
  })
}
