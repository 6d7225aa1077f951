import type { SupportSession, SupportWidgets } from '../../../contract/support-chat'
import { SUPPORT_SOCKET, SUPPORT_V1 } from '../../../contract/values/support-chat'
import type { CityId } from '../../../contract/values/common'
import { apiRequest } from '../../data/api'
import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_KEYS } from '../../data/api-error'
import { isErrorBody } from '../../data/error-body'
import { getRequestContext } from '../../data/request-context'

type Session = Pick<SupportSession, 'identity'>
type Widgets = SupportWidgets

/** Makes sure the server knows this writer: a guest's device gets its cookie, a stale token is renewed. */
export const startSession = (cartId: string | null | undefined, cityId: CityId) =>
  apiRequest<Session>('POST', `${SUPPORT_V1}/session`, { cart_id: cartId ?? null, city_id: cityId })

export const widgetsQuery = () => ({
  queryKey: ['support', 'widgets'] as const,
  queryFn: () => apiRequest<Widgets>('GET', `${SUPPORT_V1}/widgets`, undefined),
  staleTime: 5 * 60_000,
})

/** The socket's address on this origin, ws: or wss: as the page. */
export function socketUrl(
  path: string = SUPPORT_SOCKET,
  query: Record<string, string | number | undefined> = {},
) {
  const url = new URL(path, window.location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(key, String(value))
  return url.toString()
}

/** Sends a picture's bytes as they are (the server judges them); answers its id for the message. */
export async function uploadPicture(file: Blob): Promise<string> {
  const response = await fetch(`${SUPPORT_V1}/attachments`, {
    method: 'POST',
    body: file,
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/octet-stream',
      accept: 'application/json',
      'accept-language': getRequestContext().lang,
    },
  }).catch((cause: unknown) => {
    throw new ApiError(
      { status: 0, code: CLIENT_ERROR_CODES.network, messageKey: CLIENT_ERROR_KEYS.noConnection },
      { cause },
    )
  })
  const body = (await response.json().catch(() => null)) as unknown
  if (!response.ok) {
    if (isErrorBody(body)) {
      const { code, message, details } = body.error
      throw new ApiError({ status: response.status, code, messageKey: message, details })
    }
    throw new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.httpError,
      messageKey: CLIENT_ERROR_KEYS.somethingWentWrong,
    })
  }
  return (body as { attachment_id: string }).attachment_id
}
