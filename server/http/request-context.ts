import { HEADERS, type Lang } from '../../contract/common'
import type { App } from './types'

const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/

export function langFrom(header: string | string[] | undefined): Lang {
  const first = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? ''
  return first.startsWith('kk') || first.startsWith('kz') ? 'kk' : 'ru'
}

/** Language and session id of the spec's section 7, read once per request for every module. */
export function registerRequestContext(app: App) {
  app.decorateRequest('lang', 'ru')
  app.decorateRequest('sessionId', null)
  // a callback hook, not an async one: it runs on every request, and a promise each is measurable there
  app.addHook('onRequest', (req, reply, done) => {
    req.lang = langFrom(req.headers[HEADERS.lang])
    const session = req.headers[HEADERS.sessionId]
    req.sessionId = typeof session === 'string' && SESSION_ID.test(session) ? session : null
    reply.header(HEADERS.requestId, req.id)
    done()
  })
}
