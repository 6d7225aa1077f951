import { serializeJsonLd, type JsonLd } from './structured-data'

/**
 * schema.org data as a `<script type="application/ld+json">` element: a data block the browser never runs
 * (so the CSP's script-src does not apply), read by search engines.
 */
export function StructuredData({ data }: { data: JsonLd | readonly JsonLd[] }) {
  return (
    <script
      type="application/ld+json"
      data-testid="structured-data"
      // The JSON is escaped for the inside of a script element by serializeJsonLd.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  )
}
