import {
  ACCOUNT_V2,
  Address,
  AddressInput,
  AddressList,
  AddressUpdate,
  DeleteResponse,
  IdBody,
  IdParams,
} from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import { requireUser } from '../../http/auth'
import type { ModuleRegistration } from '../../http/types'
import { createAddressRepo } from './repo'
import { createAddressService } from './service'

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody }
const tags = ['account']
const security = [{ bearer: [] }]

/** Spec 7.7: GET, POST, PUT, DELETE /addresses and DELETE /addresses/{id}, always the caller's own. */
export const addressesModule: ModuleRegistration = (app, { database }) => {
  const addresses = createAddressService(createAddressRepo(database.db))
  const path = `${ACCOUNT_V2}/addresses`

  app.get(
    path,
    {
      schema: {
        tags,
        security,
        summary: 'The delivery addresses of the signed-in shopper',
        response: { 200: AddressList, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return addresses.list(userId)
    },
  )

  app.post(
    path,
    {
      schema: {
        tags,
        security,
        summary: 'Adds an address',
        body: AddressInput,
        response: { 201: Address, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      return reply.code(201).send(await addresses.create(userId, req.body))
    },
  )

  app.put(
    path,
    {
      schema: {
        tags,
        security,
        summary: 'Changes an address (id in the body)',
        body: AddressUpdate,
        response: { 200: Address, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      const { id, ...input } = req.body
      return addresses.update(userId, id, input)
    },
  )

  app.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Changes an address',
        params: IdParams,
        body: AddressInput,
        response: { 200: Address, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return addresses.update(userId, req.params.id, req.body)
    },
  )

  app.delete(
    path,
    {
      schema: {
        tags,
        security,
        summary: 'Deletes an address (id in the body)',
        body: IdBody,
        response: { 200: DeleteResponse, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      await addresses.remove(userId, req.body.id)
      return { deleted: true as const }
    },
  )

  app.delete(
    `${path}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Deletes an address',
        params: IdParams,
        response: { 200: DeleteResponse, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      await addresses.remove(userId, req.params.id)
      return { deleted: true as const }
    },
  )
}
