import type { FastifyTypeProviderDefault } from 'fastify'
import type { z } from 'zod'
import { DeleteResponse, IdBody, IdParams } from '../../contract/account-area'
import { ErrorBody } from '../../contract/common'
import { requireUser } from './auth'
import type { App } from './types'

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody }
const tags = ['account']
const security = [{ bearer: [] }]

/** What a list of the signed-in shopper's own things offers: every call names the owner. */
export interface OwnedCollectionService<Input, Item> {
  list(userId: string): Promise<unknown>
  create(userId: string, input: Input): Promise<Item>
  update(userId: string, id: string, input: Input): Promise<Item>
  remove(userId: string, id: string): Promise<unknown>
}

export interface OwnedCollectionOptions<
  TList extends z.ZodType,
  TItem extends z.ZodType,
  TInput extends z.ZodType,
  TUpdate extends z.ZodType,
> {
  path: string
  service: OwnedCollectionService<z.output<TInput>, z.output<TItem>>
  schemas: { list: TList; item: TItem; input: TInput; update: TUpdate }
  /** For the API docs: 'address' → "Adds an address", "The addresses of the signed-in shopper". */
  names: { one: string; many: string }
}

/**
 * Spec 7.7's shape for the shopper's addresses and receivers: GET and POST on the list, PUT and DELETE with
 * the id in the body or in the path, always the caller's own (another shopper's id is a 404).
 */
export function registerOwnedCollection<
  TList extends z.ZodType,
  TItem extends z.ZodType,
  TInput extends z.ZodType,
  TUpdate extends z.ZodType,
>(app: App, { path, service, schemas, names }: OwnedCollectionOptions<TList, TItem, TInput, TUpdate>): void {
  // The schemas still validate and serialise every call (the app's compilers do that); the zod type
  // provider cannot follow generic schemas, so the handlers take the bodies as the schemas' outputs.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>()
  routes.get(
    path,
    {
      schema: {
        tags,
        security,
        summary: `The ${names.many} of the signed-in shopper`,
        response: { 200: schemas.list, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return service.list(userId)
    },
  )

  routes.post(
    path,
    {
      schema: {
        tags,
        security,
        summary: `Adds ${names.one}`,
        body: schemas.input,
        response: { 201: schemas.item, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      return reply.code(201).send(await service.create(userId, req.body as z.output<TInput>))
    },
  )

  routes.put(
    path,
    {
      schema: {
        tags,
        security,
        summary: `Changes ${names.one} (id in the body)`,
        body: schemas.update,
        response: { 200: schemas.item, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      const { id, ...input } = req.body as { id: string } & Record<string, unknown>
      // the update schema is the input schema with the id: without it, what is left is an input
      return service.update(userId, id, input as z.output<TInput>)
    },
  )

  routes.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        security,
        summary: `Changes ${names.one}`,
        params: IdParams,
        body: schemas.input,
        response: { 200: schemas.item, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return service.update(
        userId,
        (req.params as z.output<typeof IdParams>).id,
        req.body as z.output<TInput>,
      )
    },
  )

  routes.delete(
    path,
    {
      schema: {
        tags,
        security,
        summary: `Deletes ${names.one} (id in the body)`,
        body: IdBody,
        response: { 200: DeleteResponse, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      await service.remove(userId, (req.body as z.output<typeof IdBody>).id)
      return { deleted: true as const }
    },
  )

  routes.delete(
    `${path}/:id`,
    {
      schema: {
        tags,
        security,
        summary: `Deletes ${names.one}`,
        params: IdParams,
        response: { 200: DeleteResponse, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      await service.remove(userId, (req.params as z.output<typeof IdParams>).id)
      return { deleted: true as const }
    },
  )
}
