import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_KEYS, isApiError } from './api-error'
import { clearTokens, getRefreshToken, markCredentialsRenewed, setAccessToken, setRefreshToken } from './auth-tokens'
import { sendHttp } from './http'

export const REFRESH_PATH = '/account/api/v1/auth/refresh'
const REFRESH_TIMEOUT_MS = 10_000

// The cookies are the server's answer too; a body with the tokens is taken when there is one.
interface RefreshAnswer {
  access_token?: string
  refresh_token?: string
  accessToken?: string
  refreshToken?: string
}

let inFlight: Promise<void> | null = null

async function refreshOnce(): Promise<void> {
  const refreshToken = getRefreshToken()
  try {
    const answer = await sendHttp<RefreshAnswer | null | undefined>({
      method: 'POST',
      path: REFRESH_PATH,
      body: refreshToken ? { refresh_token: refreshToken } : {},
      timeoutMs: REFRESH_TIMEOUT_MS,
    })
    const access = answer?.access_token ?? answer?.accessToken
    const refresh = answer?.refresh_token ?? answer?.refreshToken
    if (refresh) setRefreshToken(refresh)
    if (access) setAccessToken(access)
    else markCredentialsRenewed()
  } catch (error) {
    // A blip in the network or a failing server says nothing about the session: keep the tokens.
    if (isApiError(error) && (error.status === 0 || error.status >= 500)) throw error
    clearTokens('expired')
    throw new ApiError(
      {
        status: 401,
        code: CLIENT_ERROR_CODES.unauthorized,
        messageKey: CLIENT_ERROR_KEYS.pleaseLogInAgain,
      },
      { cause: error },
    )
  }
}

/**
 * Tabs of one browser share the token cookies: two refreshing at once would present the same refresh
 * token twice, which the server takes for theft and ends the session. A Web Lock makes them take turns
 * (the second then sends the cookie the first one renewed); without Web Locks, this tab alone is guarded.
 */
function acrossTabs(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request('storefront-token-refresh', run) : run()
}

/** Renews the tokens; callers that hit 401 at the same time share one refresh call. */
export function refreshTokens(): Promise<void> {
  inFlight ??= acrossTabs(refreshOnce).finally(() => {
    inFlight = null
  })
  return inFlight
}
