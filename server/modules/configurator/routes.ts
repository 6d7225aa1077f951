import type { FastifyReply, FastifyRequest } from 'fastify'
import { ErrorBody } from '../../../contract/common'
import {
  ComponentsInfoQuery,
  ComponentsInfoResponse,
  ComponentsQuery,
  ComponentsResponse,
  Configuration,
  CONFIGURATION_TOKEN_HEADER,
  ConfigurationParams,
  ConfigurationQuery,
  CONFIGURATOR_V1,
  CopyConfigurationRequest,
  CreateConfigurationRequest,
  CreatedConfiguration,
  GenerateFilterRequest,
  GenerateFilterResponse,
  SharedConfigurationParams,
  UpdateConfigurationRequest,
} from '../../../contract/configurator'
import { optionalUser } from '../../http/auth'
import { idempotencyRequest } from '../../http/idempotency'
import { sendJson } from '../../http/json-bytes'
import type { ModuleRegistration } from '../../http/types'
import { readCatalogVersions } from '../catalog'
import { PartsHolder } from './parts-index'
import { createConfiguratorRepo } from './repo'
import { createConfiguratorService, type Actor } from './service'

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }
const tags = ['configurator']
const CONFIGURATIONS = `${CONFIGURATOR_V1}/configurations`

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/

async function actorOf(req: FastifyRequest): Promise<Actor> {
  const raw = req.headers[CONFIGURATION_TOKEN_HEADER]
  const token = typeof raw === 'string' && TOKEN.test(raw) ? raw : null
  return { userId: (await optionalUser(req))?.userId ?? null, token, lang: req.lang }
}

/** Who a create's idempotency key belongs to: the shopper, else the device's session, else its address. */
const senderOf = (req: FastifyRequest, actor: Actor) =>
  actor.userId ? `user:${actor.userId}` : req.sessionId ? `session:${req.sessionId}` : `address:${req.ip}`

const privately = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store')

/** Spec browsing 3, 4, 7.5: the PC configurator (`/compatibility/api/v1`). */
export const configuratorModule: ModuleRegistration = (app, { database }) => {
  const { catalog } = app
  const repo = createConfiguratorRepo(database.db)
  const parts = new PartsHolder(catalog, {
    specRows: () => repo.specRows(),
    brandOrder: () => repo.brandOrder(),
    foldsUnicodeCase: () => repo.foldsUnicodeCase(),
    versions: () => readCatalogVersions(database.db),
  })
  // the parts are read with every catalogue index, before it answers; a failed read leaves the SQL
  // answering, and the next request reads them again
  catalog.alongside((index) =>
    parts.of(index).catch((err: unknown) => app.log.error({ err }, 'configurator parts: read failed')),
  )
  const configurator = createConfiguratorService(database.db, parts)

  app.get(
    `${CONFIGURATOR_V1}/components-info`,
    {
      schema: {
        tags,
        summary: 'The component kinds of a PC and whether each is required (spec 9: page 1, size 20)',
        querystring: ComponentsInfoQuery,
        response: { 200: ComponentsInfoResponse, ...errors },
      },
    },
    (req) => configurator.componentsInfo(req.query.page, req.query.size, req.lang),
  )

  app.get(
    `${CONFIGURATOR_V1}/components`,
    {
      schema: {
        tags,
        summary:
          "A kind's parts that fit the chosen ones (no error; warnings marked), with the city's price and stock",
        querystring: ComponentsQuery,
        response: { 200: ComponentsResponse, ...errors },
      },
    },
    async (req, reply) =>
      sendJson(reply, await configurator.componentsJson({ ...req.query, lang: req.lang })),
  )

  app.post(
    `${CONFIGURATOR_V1}/components/generate-filter`,
    {
      schema: {
        tags,
        summary: 'The catalogue URL (/f/ filters) of the parts of a kind that fit the chosen ones',
        body: GenerateFilterRequest,
        response: { 200: GenerateFilterResponse, ...errors },
      },
    },
    (req) => configurator.generateFilter({ ...req.body, lang: req.lang }),
  )

  app.post(
    CONFIGURATIONS,
    {
      schema: {
        tags,
        summary: "Creates a configuration; a guest's answer carries the owner token it is changed with",
        body: CreateConfigurationRequest,
        response: { 201: CreatedConfiguration, ...errors },
      },
    },
    async (req, reply) => {
      const actor = await actorOf(req)
      const answer = await configurator.create(idempotencyRequest(req, senderOf(req, actor)), actor, req.body)
      privately(reply)
      if (answer.replayed) reply.header('idempotent-replayed', 'true')
      return reply.code(answer.status).send(answer.body)
    },
  )

  app.get(
    `${CONFIGURATIONS}/:id`,
    {
      schema: {
        tags,
        summary: "The owner's configuration, checked and priced in the city (403 for anyone else)",
        params: ConfigurationParams,
        querystring: ConfigurationQuery,
        response: { 200: Configuration, ...errors },
      },
    },
    async (req, reply) => {
      privately(reply)
      return configurator.get(req.params.id, req.query.city_id, await actorOf(req))
    },
  )

  app.put(
    `${CONFIGURATIONS}/:id`,
    {
      schema: {
        tags,
        summary: 'Replaces the component list and answers the configuration reloaded',
        params: ConfigurationParams,
        body: UpdateConfigurationRequest,
        response: { 200: Configuration, ...errors },
      },
    },
    async (req, reply) => {
      privately(reply)
      return configurator.replace(req.params.id, await actorOf(req), req.body)
    },
  )

  app.post(
    `${CONFIGURATIONS}/:id/reset`,
    {
      schema: {
        tags,
        summary: 'Empties the configuration',
        params: ConfigurationParams,
        querystring: ConfigurationQuery,
        response: { 200: Configuration, ...errors },
      },
    },
    async (req, reply) => {
      privately(reply)
      return configurator.reset(req.params.id, req.query.city_id, await actorOf(req))
    },
  )

  app.get(
    `${CONFIGURATIONS}/shared/:shareCode`,
    {
      schema: {
        tags,
        summary: 'A configuration by its share link, read-only, for anyone',
        params: SharedConfigurationParams,
        querystring: ConfigurationQuery,
        response: { 200: Configuration, ...errors },
      },
    },
    async (req, reply) => {
      privately(reply)
      return configurator.shared(req.params.shareCode, req.query.city_id, await actorOf(req))
    },
  )

  app.post(
    `${CONFIGURATIONS}/shared/:shareCode/copy`,
    {
      schema: {
        tags,
        summary: 'Copies a shared configuration into a new one owned by the caller',
        params: SharedConfigurationParams,
        body: CopyConfigurationRequest,
        response: { 201: CreatedConfiguration, ...errors },
      },
    },
    async (req, reply) => {
      const actor = await actorOf(req)
      const answer = await configurator.copy(
        idempotencyRequest(req, senderOf(req, actor)),
        req.params.shareCode,
        req.body.city_id,
        actor,
      )
      privately(reply)
      if (answer.replayed) reply.header('idempotent-replayed', 'true')
      return reply.code(answer.status).send(answer.body)
    },
  )
}
