import { randomBytes } from 'node:crypto'
import { access } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import sharp, { type OutputInfo } from 'sharp'
import type { Db } from '../../db/connection'
import { images, uploadedFiles } from '../../db/schema/media'
import { HttpError } from '../../http/errors'
import { DiskCache } from './cache'

/** What an upload became: its id at the image service (a photo) or the video address. */
export interface StoredUpload {
  id: string
  kind: 'image' | 'video'
  contentType: string
  byteSize: number
}

export interface UploadLimits {
  imageMaxBytes: number
  videoMaxBytes: number
}

/** The longest side a kept photo is scaled down to: larger than the image service's largest size, 800. */
const KEPT_PHOTO_SIDE = 1600
/** A decompression bomb (a tiny file that claims a huge raster) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000

export const unsupportedMedia = (details?: unknown) =>
  new HttpError(415, 'unsupported_media_type', 'errors:unsupportedFile', details)
export const fileTooLarge = (limit: number) =>
  new HttpError(413, 'payload_too_large', 'errors:payloadTooLarge', { limit })

/**
 * mp4 and webm, told by their first bytes: an ISO base media file has `ftyp` at offset 4 with an mp4
 * brand; a webm is an EBML document (1A 45 DF A3) whose DocType is `webm`.
 */
export function videoTypeOf(bytes: Buffer): 'video/mp4' | 'video/webm' | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12)
    if (/^(isom|iso[2-9]|mp4[12v]|avc1|M4V |dash|mp71)$/.test(brand)) return 'video/mp4'
    return null
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    // The DocType element sits within the first few dozen bytes of the EBML header.
    return bytes.subarray(0, 64).includes('webm', 0, 'latin1') ? 'video/webm' : null
  }
  return null
}

const newId = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`

/**
 * Files shoppers upload. Types are judged by the content, never by the name or the request's header: a
 * photo must decode as JPEG, PNG or WebP (it is then re-encoded as JPEG, which also drops its EXIF
 * data, the place and the phone a shopper did not mean to publish), a video must start like an mp4 or a
 * webm. Videos are copied to disk on first request so range requests read a file.
 */
export function createUploads(
  db: Db,
  { videoCacheDir, limits }: { videoCacheDir: string; limits: UploadLimits },
) {
  const videoCache = new DiskCache(videoCacheDir)

  return {
    limits,

    async storeImage(bytes: Buffer, ownerUserId: string | null): Promise<StoredUpload> {
      if (bytes.length > limits.imageMaxBytes) throw fileTooLarge(limits.imageMaxBytes)
      let kept: { data: Buffer; info: OutputInfo }
      try {
        const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
        if (!['jpeg', 'png', 'webp'].includes(meta.format ?? ''))
          throw unsupportedMedia({ format: meta.format })
        kept = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize(KEPT_PHOTO_SIDE, KEPT_PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer({ resolveWithObject: true })
      } catch (err) {
        if (err instanceof HttpError) throw err
        // sharp could not read it: not a picture, or a damaged one.
        throw unsupportedMedia()
      }
      const id = newId('u')
      await db.transaction(async (tx) => {
        await tx.insert(uploadedFiles).values({
          id,
          kind: 'image',
          contentType: 'image/jpeg',
          byteSize: kept.data.length,
          width: kept.info.width,
          height: kept.info.height,
          ownerUserId,
          bytes: kept.data,
        })
        // The image service draws an `upload` row from the kept file, at any of its sizes.
        await tx.insert(images).values({ id, kind: 'upload', color: '', label: '' })
      })
      return { id, kind: 'image', contentType: 'image/jpeg', byteSize: kept.data.length }
    },

    async storeVideo(bytes: Buffer, ownerUserId: string | null): Promise<StoredUpload> {
      if (bytes.length > limits.videoMaxBytes) throw fileTooLarge(limits.videoMaxBytes)
      const contentType = videoTypeOf(bytes)
      if (!contentType) throw unsupportedMedia()
      const id = newId('v')
      await db.insert(uploadedFiles).values({
        id,
        kind: 'video',
        contentType,
        byteSize: bytes.length,
        ownerUserId,
        bytes,
      })
      return { id, kind: 'video', contentType, byteSize: bytes.length }
    },

    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(images).where(eq(images.id, id))
        await tx.delete(uploadedFiles).where(eq(uploadedFiles.id, id))
      })
    },

    /** The kept photo an `upload` image row stands for. */
    async imageBytes(id: string): Promise<Buffer | null> {
      const [row] = await db
        .select({ bytes: uploadedFiles.bytes })
        .from(uploadedFiles)
        .where(eq(uploadedFiles.id, id))
        .limit(1)
      return row?.bytes ?? null
    },

    /** A video as a file on disk (copied from the database on first request), or null when unknown. */
    async videoFile(id: string): Promise<{ file: string; contentType: string } | null> {
      const [row] = await db
        .select({ contentType: uploadedFiles.contentType, kind: uploadedFiles.kind })
        .from(uploadedFiles)
        .where(eq(uploadedFiles.id, id))
        .limit(1)
      if (row?.kind !== 'video') return null
      const ext = row.contentType === 'video/webm' ? 'webm' : 'mp4'
      const file = videoCache.file(id, ext)
      const onDisk = await access(file).then(
        () => true,
        () => false,
      )
      if (!onDisk) {
        const [stored] = await db
          .select({ bytes: uploadedFiles.bytes })
          .from(uploadedFiles)
          .where(eq(uploadedFiles.id, id))
          .limit(1)
        if (!stored) return null
        await videoCache.write(id, ext, stored.bytes)
      }
      return { file, contentType: row.contentType }
    },
  }
}

export type Uploads = ReturnType<typeof createUploads>
