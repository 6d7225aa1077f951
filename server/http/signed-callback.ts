import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '../../contract/common'
import { verifyCallback } from '../providers/signature'
import { badRequest, forbidden } from './errors'

export interface SignedCallback<Params extends z.ZodType, Body extends z.ZodType> {
  path: string
  /** The secret the provider signs with (`X-Signature: sha256=<HMAC-SHA256 of the body>`). */
  secret: string
  tags: string[]
  summary: string
  params: Params
  body: Body
  /** The error key of a signature that does not verify (403). */
  badSignature: string
  handle: (body: z.infer<Body>, params: z.infer<Params>) => Promise<void>
}

/**
 * A provider's signed callback. Its signature is checked against the exact text the provider sent, so
 * the route sits in a scope of its own that keeps each body's text beside the parsed body; a signature
 * that does not verify is 403, a verified body of another shape 400.
 */
export async function signedCallbackRoute<Params extends z.ZodType, Body extends z.ZodType>(
  app: FastifyInstance,
  callback: SignedCallback<Params, Body>,
): Promise<void> {
  await app.register(async (scope) => {
    const raw = new WeakMap<FastifyRequest, string>()
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 4096 },
      (req, body, done) => {
        raw.set(req, body as string)
        try {
          done(null, JSON.parse(body as string))
        } catch {
          done(null, {})
        }
      },
    )
    scope.withTypeProvider<ZodTypeProvider>().post(
      callback.path,
      {
        config: { signedCallback: true },
        schema: {
          tags: callback.tags,
          summary: callback.summary,
          params: callback.params,
          response: {
            200: z.object({ ok: z.literal(true) }),
            400: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            422: ErrorBody,
          },
        },
      },
      async (req) => {
        const signature = req.headers['x-signature']
        if (!verifyCallback(callback.secret, raw.get(req) ?? '', signature))
          throw forbidden(callback.badSignature)
        const body = callback.body.safeParse(req.body)
        if (!body.success) throw badRequest()
        await callback.handle(body.data, req.params as z.infer<Params>)
        return { ok: true as const }
      },
    )
  })
}
