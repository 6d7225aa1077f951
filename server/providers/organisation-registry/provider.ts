import type { Organization } from '../../../contract/account-area'

/**
 * The state registry of legal entities, asked by BIN (spec 7.7: receivers/autofill). A real provider
 * calls the registry's API; the local one answers from a fixed list so the store works offline.
 */
export interface OrganisationRegistry {
  /** The organisation with this (already checksum-valid) BIN, or null when the registry has none. */
  lookup(bin: string, signal: AbortSignal): Promise<Organization | null>
}
