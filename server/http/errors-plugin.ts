import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { ERROR_KEYS, HEADERS, UNKNOWN_CITY_MESSAGE, type ErrorBody } from '../../contract/common'
import { isDatabaseUnavailable } from '../db/errors'
import { HttpError, retryAfterSeconds } from './errors'
import { SECURITY_HEADERS } from './security'
import type { App } from './types'

const errorBody = (code: string, message: string, details?: unknown): ErrorBody => ({
  error: details === undefined ? { code, message } : { code, message, details },
})

/** When a client may ask again after the database was away: the store reconnects by itself within it. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

function send(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  // A refusal says when to come back, in the header a client or proxy reads as well as in the body.
  const retryAfter =
    status === 429
      ? retryAfterSeconds(details)
      : status === 503 && code === 'database_unavailable'
        ? DATABASE_RETRY_AFTER_SECONDS
        : undefined
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter))
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(code, message, details))
}

/** The message key of a 4xx Fastify or node raised before or around the route; never its text. */
function clientErrorMessage(status: number): string {
  if (status === 413) return ERROR_KEYS.payloadTooLarge
  if (status === 429) return ERROR_KEYS.tooManyRequests
  if (status === 408) return ERROR_KEYS.tryLater
  return ERROR_KEYS.badRequest
}

/** `FST_ERR_BAD_URL` → `bad_url`: Fastify's own codes, in the store's spelling. */
const fastifyCode = (err: { code?: string }, fallback: string) =>
  err.code ? err.code.replace(/^FST_ERR_/, '').toLowerCase() : fallback

/** Maps every failure to the one JSON error shape; clients never see a stack trace. */
export function registerErrorHandling(app: App) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) return send(reply, err.statusCode, err.code, err.message, err.details)
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message,
      }))
      // A city in the address (path or query) names a resource like a category does; in a body it is
      // just a bad field.
      const inAddress = err.validationContext === 'querystring' || err.validationContext === 'params'
      if (inAddress && issues.every((issue) => issue.message === UNKNOWN_CITY_MESSAGE)) {
        return send(reply, 404, 'city_not_found', ERROR_KEYS.notFound, { issues })
      }
      return send(reply, 400, 'validation_failed', ERROR_KEYS.badRequest, { issues })
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema')
      return send(reply, 500, 'internal', ERROR_KEYS.somethingWentWrong)
    }
    if (isDatabaseUnavailable(err)) {
      // the database is away or did not answer in time: the client may try again, nothing is broken here
      req.log.warn({ err }, 'database unavailable')
      return send(reply, 503, 'database_unavailable', ERROR_KEYS.tryLater)
    }
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return send(reply, status, fastifyCode(err, 'bad_request'), clientErrorMessage(status))
    }
    req.log.error({ err }, 'unhandled error')
    return send(reply, status >= 500 ? status : 500, 'internal', ERROR_KEYS.somethingWentWrong)
  })
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a malformed
 * percent-encoding, 400 `bad_url`; a path parameter over the router's length, 414 `max_param_length`).
 * The onRequest hooks have not run, so the security headers and the request id are set here; the
 * answer has the store's shape and never repeats the URL.
 */
export function answerFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  reply.headers(SECURITY_HEADERS).header(HEADERS.requestId, req.id)
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return send(reply, status, fastifyCode(err, 'bad_request'), clientErrorMessage(status))
  }
  req.log.error({ err }, 'router error')
  return send(reply, 500, 'internal', ERROR_KEYS.somethingWentWrong)
}

/** Node's parser errors, as node itself answers them (lib/_http_server.js), in the store's shape. */
function clientErrorAnswer(err: NodeJS.ErrnoException): { status: number; code: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'header_too_large' }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'chunk_extensions_too_large' }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout' }
    default:
      return { status: 400, code: 'bad_request' }
  }
}

/** The raw answer to a connection node's HTTP parser refused: the store's error shape and headers. */
export function clientErrorResponse(err: NodeJS.ErrnoException): string {
  const { status, code } = clientErrorAnswer(err)
  const body = JSON.stringify(errorBody(code, clientErrorMessage(status)))
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`
}

/**
 * Fastify's `clientErrorHandler`: a request node's HTTP parser refused (headers over the size limit
 * 431, a malformed request 400, a timeout 408) never reaches Fastify, so it is answered here, on the
 * socket, and the connection is closed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  // As node does: answer only when no answer of this socket has started, or the peer would read garbage.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !inFlight?.headersSent) socket.write(clientErrorResponse(err))
  socket.destroy(err)
}

/** The Fastify options that route the errors raised before a route runs through the functions above. */
export const errorHandlingOptions = {
  frameworkErrors: answerFrameworkError,
  clientErrorHandler: answerClientError,
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>

export function sendNotFound(reply: FastifyReply) {
  return send(reply, 404, 'not_found', ERROR_KEYS.notFound)
}
