import type { CardsResponse } from '../../../contract/account-area'
import { notFound } from '../../http/errors'
import type { CardAcquirer } from '../../providers/card-acquirer/provider'
import type { CardRepo } from './repo'

export const CARDS_BASE = '/payment/api/v1/cards'

export interface StartBinding {
  returnUrl: string
  failUrl: string
  language: 'ru' | 'kk'
}

/** Adds `key=value` to a same-site path, keeping its own query. */
export function withParam(path: string, key: string, value: string): string {
  const url = new URL(path, 'http://store.local')
  url.searchParams.set(key, value)
  return `${url.pathname}${url.search}${url.hash}`
}

export function createCardService(repo: CardRepo, acquirer: CardAcquirer) {
  return {
    list: (userId: string): Promise<CardsResponse> => repo.list(userId),
    token: (userId: string, id: string) => repo.token(userId, id),

    async setDefault(userId: string, id: string): Promise<CardsResponse> {
      if (!(await repo.setDefault(userId, id))) throw notFound()
      return repo.list(userId)
    },

    async remove(userId: string, id: string): Promise<CardsResponse> {
      if (!(await repo.remove(userId, id))) throw notFound()
      return repo.list(userId)
    },

    /**
     * Spec 7.9: adding a card goes through the acquirer's page. The acquirer sends the shopper back to
     * this module's return address first, which asks the acquirer for the result, saves token and mask,
     * and only then sends the shopper on to the store page they came from.
     */
    async start(userId: string, request: StartBinding): Promise<{ redirectUri: string }> {
      const bindingId = await repo.createBinding(userId, request.returnUrl, request.failUrl)
      const { sessionId, redirectUri } = await acquirer.createBinding({
        merchantRef: bindingId,
        successUrl: `${CARDS_BASE}/bindings/${bindingId}/return`,
        failUrl: `${CARDS_BASE}/bindings/${bindingId}/fail`,
        language: request.language,
      })
      await repo.attachSession(bindingId, sessionId)
      return { redirectUri }
    },

    /** Where to send the shopper once the acquirer's page is done with them. */
    async finish(bindingId: string): Promise<string | null> {
      const binding = await repo.binding(bindingId)
      if (!binding) return null
      if (binding.status === 'bound') return withParam(binding.returnUrl, 'card', binding.cardId ?? '')
      if (binding.status === 'failed' || !binding.acquirerSession)
        return withParam(binding.failUrl, 'reason', 'declined')
      const result = await acquirer.bindingResult(binding.acquirerSession)
      if (result.status === 'approved') {
        const cardId = await repo.bind(bindingId, binding.userId, result)
        const bound = cardId ?? (await repo.binding(bindingId))?.cardId ?? ''
        return withParam(binding.returnUrl, 'card', bound)
      }
      if (result.status === 'declined') {
        await repo.fail(bindingId)
        return withParam(binding.failUrl, 'reason', result.reason)
      }
      // Still pending: the shopper came back without finishing; the binding stays open for the page.
      return withParam(binding.failUrl, 'reason', 'pending')
    },
  }
}

export type CardService = ReturnType<typeof createCardService>
