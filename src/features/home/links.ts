import type { CmsBlock } from '../../../contract/menu'

/** The banners of the home page's cms blocks, in their order. */
export function bannerBlocks(blocks: readonly CmsBlock[]): CmsBlock[] {
  return blocks.filter((block) => block.type === 'banner' && block.image_id).sort((a, b) => a.sort - b.sort)
}
