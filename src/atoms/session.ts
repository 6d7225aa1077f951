import { atom } from 'jotai'

/** Spec browsing 3: a kind lookup answers fast or full for a registered user (notRegistered cannot sign in). */
export type UserKind = 'fast' | 'full'
export type UserType = 'individual' | 'organization'

export type Session = { signedIn: false } | { signedIn: true; userKind: UserKind; userType: UserType }

/**
 * Who the shopper is, in memory only: the HttpOnly token cookies are the durable truth, so the shell
 * sets this from the profile call and from `onSignedOut`.
 */
export const sessionAtom = atom<Session>({ signedIn: false })
