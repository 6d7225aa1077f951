import { execFileSync } from 'node:child_process'
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, Agent, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ece from 'http_ece'

/** One browser's side of a subscription: the keys the push payload is encrypted to, kept to decrypt it. */
export interface TestBrowser {
  ecdh: ECDH
  auth: Buffer
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
}

export function testBrowser(endpoint: string): TestBrowser {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  }
}

/** Decrypts an aes128gcm push body (RFC 8291) as the browser holding the subscription's keys would. */
export function decryptPush(browser: TestBrowser, body: Buffer): string {
  return ece
    .decrypt(body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.auth.toString('base64url'),
    })
    .toString('utf8')
}

/**
 * Checks a VAPID `Authorization` header (RFC 8292): `vapid t=<ES256 JWT>, k=<public key>`, the JWT signed
 * by that key, for the endpoint's origin, not expired. Answers the key.
 */
export function verifyVapid(header: string | undefined, endpoint: string): string {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '')
  if (!match) throw new Error(`not a VAPID authorization: ${header}`)
  const [, jwt, key] = match as unknown as [string, string, string]
  const [head, claims, signature] = jwt.split('.') as [string, string, string]
  const point = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) throw new Error('the VAPID JWT is not signed by its key')
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number }
  if (body.aud !== new URL(endpoint).origin) throw new Error(`the JWT's audience is ${body.aud}`)
  if (body.exp * 1000 < Date.now()) throw new Error('the JWT has expired')
  return key
}

export interface ReceivedPush {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/**
 * A push service on this machine over https (a self-signed certificate, trusted through `agent` only):
 * it keeps every message it is sent and answers with the status its path starts with (`/201/...`,
 * `/410/...`, `/503/...`), 201 as a real push service does when it took a message.
 */
export async function startPushService(): Promise<{
  url: (status: number, name: string) => string
  received: ReceivedPush[]
  agent: Agent
  close(): Promise<void>
}> {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  const key = readFileSync(join(dir, 'key.pem'))
  const cert = readFileSync(join(dir, 'cert.pem'))
  rmSync(dir, { recursive: true, force: true })
  const received: ReceivedPush[] = []
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      const status = Number(/^\/(\d{3})\//.exec(req.url ?? '')?.[1] ?? 201)
      res.writeHead(req.method === 'POST' ? status : 405).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const agent = new Agent({ ca: cert, keepAlive: false })
  return {
    url: (status, name) => `https://127.0.0.1:${port}/${status}/${name}`,
    received,
    agent,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.close(() => resolve())
      }),
  }
}
