import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { ERROR_KEYS, UNKNOWN_CITY_MESSAGE, type ErrorBody } from '../../contract/common'
import { HttpError } from './errors'
import type { App } from './types'

function send(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  const body: ErrorBody = { error: details === undefined ? { code, message } : { code, message, details } }
  return reply.code(status).type('application/json; charset=utf-8').send(body)
}

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
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code = err.code ? err.code.replace(/^FST_ERR_/, '').toLowerCase() : 'bad_request'
      const message =
        status === 413
          ? ERROR_KEYS.payloadTooLarge
          : status === 429
            ? ERROR_KEYS.tooManyRequests
            : ERROR_KEYS.badRequest
      return send(reply, status, code, message)
    }
    req.log.error({ err }, 'unhandled error')
    return send(reply, status >= 500 ? status : 500, 'internal', ERROR_KEYS.somethingWentWrong)
  })
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, 404, 'not_found', ERROR_KEYS.notFound)
}
