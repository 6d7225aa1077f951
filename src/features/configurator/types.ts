/*
 * PROVISIONAL: the configurator's answers as the client reads them, until contract/configurator.ts
 * (helper 2, the server) lands; then these become re-exports of its types.
 */

export type ComponentCode = 'cpu' | 'motherboard' | 'cooler' | 'memory' | 'gpu' | 'storage' | 'psu' | 'case'

export type Severity = 'error' | 'warning' | 'note'

export interface ComponentInfo {
  code: ComponentCode
  isRequired: boolean
}

export interface CompatibilityMessage {
  severity: Severity
  code: string
  messageKey: string
  /** The SKUs of the parts the message is about (two for a conflict). */
  parts: string[]
  params?: Record<string, string | number>
}

export interface PartProduct {
  sku: string
  uri: string
  title: string
  image: string | null
  price: number
  oldPrice: number | null
  /** Units in the shopper's city. */
  stock: number
}

export interface ConfiguredComponent {
  code: ComponentCode
  sku: string
  quantity: number
  product: PartProduct | null
}

export interface Configuration {
  id: string
  shareCode: string
  components: ConfiguredComponent[]
  incompatibleComponents: ComponentCode[]
  totalPrice: number
  componentInfoList: ComponentInfo[]
  messages: CompatibilityMessage[]
  estimatedWattage: number
}

export interface CompatiblePart extends PartProduct {
  /** Fits, with a warning the shopper should read. */
  warnings: CompatibilityMessage[]
  /** Does not fit (only when the list was asked to include such parts): why, naming both parts. */
  errors?: CompatibilityMessage[]
}

export interface CompatiblePartsPage {
  items: CompatiblePart[]
  total: number
  page: number
  size: number
}

export interface ComponentInput {
  code: ComponentCode
  sku: string
  quantity: number
}
