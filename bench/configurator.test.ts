import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../server/http/types'
import { buildTestApp } from '../server/test/app'
import { configuratorScenarios } from './configurator'

let app: App
let baseUrl: string

beforeAll(async () => {
  ;({ app } = await buildTestApp())
  await app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
})
afterAll(() => app.close())

describe('configurator bench scenario (smoke on the test catalogue)', () => {
  it('assembles builds through the configurator and asks for slots that answer 200', async () => {
    const [scenario] = await configuratorScenarios(baseUrl)
    expect(scenario?.name).toMatch(/^configurator: compatible parts for a slot given 5 chosen parts/)
    expect(scenario!.requests.length).toBeGreaterThan(0)
    for (const request of scenario!.requests.slice(0, 12)) {
      const res = await fetch(`${baseUrl}${request.path}`, { headers: request.headers })
      expect(res.status, request.path).toBe(200)
      // five chosen parts in every request
      expect(new URL(request.path, baseUrl).searchParams.get('components')?.split(',')).toHaveLength(5)
    }
  })
})
