export interface SeedBrand {
  slug: string
  name: string
  /** Hex colour the illustrations of the brand's products are drawn in. */
  color: string
}

/** Brand ids are positions in this list plus one, so they never change between seeds. */
export const SEED_BRANDS: readonly SeedBrand[] = [
  { slug: 'samsung', name: 'Samsung', color: '#1428a0' },
  { slug: 'apple', name: 'Apple', color: '#555555' },
  { slug: 'xiaomi', name: 'Xiaomi', color: '#ff6900' },
  { slug: 'huawei', name: 'Huawei', color: '#cf0a2c' },
  { slug: 'honor', name: 'HONOR', color: '#0b5fff' },
  { slug: 'tecno', name: 'TECNO', color: '#1f6fe5' },
  { slug: 'infinix', name: 'Infinix', color: '#2e2e2e' },
  { slug: 'realme', name: 'realme', color: '#f5c400' },
  { slug: 'lg', name: 'LG', color: '#a50034' },
  { slug: 'sony', name: 'Sony', color: '#111111' },
  { slug: 'lenovo', name: 'Lenovo', color: '#e2231a' },
  { slug: 'asus', name: 'ASUS', color: '#00539b' },
  { slug: 'hp', name: 'HP', color: '#0096d6' },
  { slug: 'acer', name: 'Acer', color: '#83b81a' },
  { slug: 'msi', name: 'MSI', color: '#d11f26' },
  { slug: 'gigabyte', name: 'Gigabyte', color: '#ff7a00' },
  { slug: 'asrock', name: 'ASRock', color: '#3b3b98' },
  { slug: 'amd', name: 'AMD', color: '#ed1c24' },
  { slug: 'intel', name: 'Intel', color: '#0071c5' },
  { slug: 'kingston', name: 'Kingston', color: '#c8102e' },
  { slug: 'corsair', name: 'Corsair', color: '#f2c200' },
  { slug: 'gskill', name: 'G.Skill', color: '#b3001b' },
  { slug: 'adata', name: 'ADATA', color: '#e60012' },
  { slug: 'crucial', name: 'Crucial', color: '#0b6cb6' },
  { slug: 'wd', name: 'WD', color: '#005ba9' },
  { slug: 'seagate', name: 'Seagate', color: '#6ebe49' },
  { slug: 'palit', name: 'Palit', color: '#d4a017' },
  { slug: 'zotac', name: 'ZOTAC', color: '#f9a825' },
  { slug: 'sapphire', name: 'Sapphire', color: '#1e4d9b' },
  { slug: 'deepcool', name: 'Deepcool', color: '#2b7de9' },
  { slug: 'be-quiet', name: 'be quiet!', color: '#ff8a00' },
  { slug: 'cooler-master', name: 'Cooler Master', color: '#7b2cbf' },
  { slug: 'chieftec', name: 'Chieftec', color: '#00843d' },
  { slug: 'nzxt', name: 'NZXT', color: '#5e2ca5' },
  { slug: 'zalman', name: 'Zalman', color: '#00a0e9' },
  { slug: 'noctua', name: 'Noctua', color: '#8b5a2b' },
  { slug: 'arctic', name: 'ARCTIC', color: '#0085c7' },
  { slug: 'id-cooling', name: 'ID-Cooling', color: '#00a3a1' },
  { slug: 'bosch', name: 'Bosch', color: '#ea0016' },
  { slug: 'beko', name: 'Beko', color: '#0e4c92' },
  { slug: 'haier', name: 'Haier', color: '#005aab' },
  { slug: 'artel', name: 'Artel', color: '#e30613' },
  { slug: 'indesit', name: 'Indesit', color: '#231f20' },
  { slug: 'atlant', name: 'ATLANT', color: '#004b93' },
  { slug: 'midea', name: 'Midea', color: '#00a0e9' },
  { slug: 'gree', name: 'Gree', color: '#0060a9' },
  { slug: 'electrolux', name: 'Electrolux', color: '#041e50' },
  { slug: 'dyson', name: 'Dyson', color: '#9b1c7f' },
  { slug: 'philips', name: 'Philips', color: '#0b5ed7' },
  { slug: 'redmond', name: 'Redmond', color: '#c8102e' },
  { slug: 'tefal', name: 'Tefal', color: '#d7282f' },
  { slug: 'karcher', name: 'Kärcher', color: '#ffed00' },
  { slug: 'panasonic', name: 'Panasonic', color: '#0041c0' },
  { slug: 'tcl', name: 'TCL', color: '#e4002b' },
  { slug: 'hisense', name: 'Hisense', color: '#00a9a5' },
  { slug: 'jbl', name: 'JBL', color: '#ff5a00' },
  { slug: 'marshall', name: 'Marshall', color: '#3a2f28' },
  { slug: 'sennheiser', name: 'Sennheiser', color: '#0c0c0c' },
  { slug: 'harman-kardon', name: 'Harman Kardon', color: '#1d1d1b' },
  { slug: 'yandex', name: 'Яндекс', color: '#fc3f1d' },
  { slug: 'canon', name: 'Canon', color: '#cc0000' },
  { slug: 'nikon', name: 'Nikon', color: '#f5c400' },
  { slug: 'fujifilm', name: 'Fujifilm', color: '#ed1a3a' },
  { slug: 'gopro', name: 'GoPro', color: '#00a8e1' },
  { slug: 'microsoft', name: 'Microsoft', color: '#107c10' },
  { slug: 'nintendo', name: 'Nintendo', color: '#e60012' },
  { slug: 'valve', name: 'Valve', color: '#1b2838' },
  { slug: 'amazfit', name: 'Amazfit', color: '#f26522' },
  { slug: 'kaspersky', name: 'Kaspersky', color: '#00a88e' },
  { slug: 'eset', name: 'ESET', color: '#00a0b0' },
]

export const BRAND_BY_SLUG: ReadonlyMap<string, SeedBrand & { id: number }> = new Map(
  SEED_BRANDS.map((b, i) => [b.slug, { ...b, id: i + 1 }]),
)

export function brandOf(slug: string): SeedBrand & { id: number } {
  const brand = BRAND_BY_SLUG.get(slug)
  if (!brand) throw new Error(`unknown brand ${slug}`)
  return brand
}
