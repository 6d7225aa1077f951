import { z } from 'zod'
import { text } from './common'
import {
  IMAGE_FORMATS,
  IMAGE_SIZES,
  type ImageFormat as ImageFormatValue,
  type ImageSize,
} from './values/media'

export {
  IMAGE_BASE,
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  IMAGE_SIZES,
  ILLUSTRATION_KINDS,
  imageUrl,
  PRODUCT_ILLUSTRATION_KINDS,
  VIDEO_BASE,
  type IllustrationKind,
  type ImageSize,
  type ProductIllustrationKind,
} from './values/media'

export const ImageFormat = z.enum(IMAGE_FORMATS)
export type ImageFormat = ImageFormatValue

// Path segments arrive as strings; the enum of their decimal spellings keeps `0100` or `1e2` out and
// documents the allowed sizes in the OpenAPI document.
const SIZE_SPELLINGS = IMAGE_SIZES.map(String) as [string, ...string[]]
const ImageSizeParam = z
  .enum(SIZE_SPELLINGS)
  .transform((s) => Number(s) as ImageSize)
  .meta({ description: `one of ${IMAGE_SIZES.join(', ')}` })

export const ImageId = text().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, 'not an image id')

export const ImageParams = z.object({
  width: ImageSizeParam,
  height: ImageSizeParam,
  id: ImageId,
  ext: ImageFormat,
})
export type ImageParams = z.output<typeof ImageParams>

export const VideoParams = z.object({ id: text().min(1).max(100) })

/** The encoded picture. The server sends the bytes as they are; the schema documents them as binary. */
export const ImageBytes = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' })

/** The answer to an If-None-Match naming the current ETag: no body (documented as type null). */
export const NotModified = z
  .undefined()
  .meta({ description: 'Not modified: the ETag in If-None-Match is current' })
