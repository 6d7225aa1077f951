/** The part of `http_ece` (Encrypted Content-Encoding for HTTP, RFC 8188/8291) the push tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  interface EceParams {
    version: 'aes128gcm' | 'aesgcm' | 'aesgcm128'
    privateKey?: ECDH
    dh?: string | Buffer
    authSecret?: string | Buffer
    key?: string | Buffer
    keyid?: string
    salt?: string | Buffer
    rs?: number
  }

  const ece: {
    decrypt(buffer: Buffer, params: EceParams): Buffer
    encrypt(buffer: Buffer, params: EceParams): Buffer
  }
  export default ece
}
