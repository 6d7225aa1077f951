import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import type { AuthTokens, Profile } from '../../contract/account'
import { ACCOUNT_V1 } from '../../contract/values/account'
import { clearBrokerId } from '../atoms/broker-id'
import { sessionAtom, type Session } from '../atoms/session'
import { api } from '../data/api'
import { isApiError } from '../data/api-error'
import { forgetPersonalCaches } from '../data/offline-caches'
import { isUserQuery } from '../data/user-queries'
import {
  clearTokens,
  getAccessToken,
  onSignedOut,
  setAccessToken,
  setRefreshToken,
} from '../data/auth-tokens'

/**
 * The signed-in state (spec browsing 4): the HttpOnly cookies are the truth, so the client learns who
 * is signed in from the profile call. A 401 there (after the api client's one refresh) means a guest,
 * which the query answers as `null` rather than as an error.
 */
export const PROFILE_KEY = ['account', 'profile'] as const

export { USER_QUERY_ROOTS } from '../data/user-queries'

/**
 * Whether a session may exist, without asking the server: a token in memory (just signed in) or the
 * readable `tdid` cookie the server sets and clears together with the HttpOnly token cookies. A guest
 * has neither, so the shell does not send a profile call and a refresh that can only fail (two 401s on
 * every visit).
 */
export function maybeSignedIn(): boolean {
  if (getAccessToken()) return true
  return typeof document !== 'undefined' && /(?:^|;\s*)tdid=[^;\s]/.test(document.cookie)
}

export const profileQuery = () =>
  queryOptions({
    queryKey: PROFILE_KEY,
    queryFn: async ({ signal }): Promise<Profile | null> => {
      if (!maybeSignedIn()) return null
      try {
        return await api.get<Profile>(`${ACCOUNT_V1}/profile`, { signal })
      } catch (error) {
        if (isApiError(error, 401)) return null
        throw error
      }
    },
    staleTime: 5 * 60_000,
    // A guest's answer is known without asking, so the page has it from its first render: answered
    // as a fetch instead, it changed the query while React hydrated, and such a change to a store
    // React reads makes it finish hydrating in one task (330 ms at 4× CPU throttling on a category
    // page). On the server there is no cookie to read: nothing is assumed there.
    initialData: () => (typeof document !== 'undefined' && !maybeSignedIn() ? null : undefined),
  })

export function sessionFromProfile(profile: Profile | null | undefined): Session {
  return profile ? { signedIn: true, userKind: profile.kind, userType: profile.type } : { signedIn: false }
}

/** True once the profile says a shopper is signed in (false for guests and while unknown). */
export function useSignedIn(): boolean {
  return useAtomValue(sessionAtom).signedIn
}

/** The signed-in shopper's profile, `null` for a guest, `undefined` while loading. */
export function useProfile(): Profile | null | undefined {
  return useQuery(profileQuery()).data
}

/**
 * Forgets every query holding the shopper's data, in memory and (through the persister) in IndexedDB,
 * and any answer of theirs the device's Cache Storage holds: the next shopper of a shared phone sees none.
 */
export function clearUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => isUserQuery(q.queryKey, q.meta) })
  void forgetPersonalCaches().catch(() => undefined)
  // Purchase flow 4: sign-out forgets the bank data too, so the next shopper resumes nothing.
  clearBrokerId()
  queryClient.setQueryData(PROFILE_KEY, null)
}

/** After any successful sign-in call: keep the tokens for the bearer header, reload the profile. */
export async function applySignIn(queryClient: QueryClient, tokens: AuthTokens): Promise<void> {
  setAccessToken(tokens.access_token)
  setRefreshToken(tokens.refresh_token)
  // Another shopper may have used this browser: nothing of theirs may show.
  clearUserData(queryClient)
  await queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 })
}

/**
 * Signs out (spec 2.7, 4): the server revokes the session and clears the cookies, the client forgets the
 * tokens and the shopper's data. The caller then goes to the index page. A failed call still signs out
 * locally; the server session then ends at its own expiry.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await api.post(`${ACCOUNT_V1}/auth/signout`, {}, { auth: true })
  } catch {
    // Offline or a server failure: the local sign-out below must happen anyway.
  }
  clearTokens('signed-out')
  clearUserData(queryClient)
}

/**
 * Keeps `sessionAtom` in step with the profile query and drops the shopper's data when the session
 * ends elsewhere (refresh refused). Mounted once, in the header.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient()
  const setSession = useSetAtom(sessionAtom)
  const { data, isSuccess } = useQuery(profileQuery())
  useEffect(() => {
    if (isSuccess) setSession(sessionFromProfile(data))
  }, [data, isSuccess, setSession])
  useEffect(
    () =>
      onSignedOut(() => {
        setSession({ signedIn: false })
        clearUserData(queryClient)
      }),
    [queryClient, setSession],
  )
}
