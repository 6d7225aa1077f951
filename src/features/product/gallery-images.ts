import { imageUrl, type ImageSize } from '../../../contract/values/media'

/** Spec 9 and contract/media: the gallery shows 800×800 pictures with 88×88 thumbnails. */
export const GALLERY_MAIN_SIZE: ImageSize = 800
export const GALLERY_THUMB_SIZE: ImageSize = 88

export interface GalleryImage {
  id: string
  main: string
  thumb: string
}

/** The pictures of a product in the order the catalogue gives them; the first is the main one. */
export function galleryImages(ids: readonly string[]): GalleryImage[] {
  const seen = new Set<string>()
  const images: GalleryImage[] = []
  for (const id of ids) {
    if (!id || seen.has(id)) continue
    seen.add(id)
    images.push({
      id,
      main: imageUrl(id, GALLERY_MAIN_SIZE),
      thumb: imageUrl(id, GALLERY_THUMB_SIZE),
    })
  }
  return images
}

/** The next picture when stepping through the gallery, wrapping at both ends. */
export function stepIndex(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return 0
  return (((current + step) % count) + count) % count
}
