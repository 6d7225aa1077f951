import { createFileRoute } from '@tanstack/react-router'
import { ComparePage } from '../../features/compare/compare-page'

/** The device's own comparison: rendered in the browser, where the list is (IndexedDB). */
export const Route = createFileRoute('/{-$city}/compare')({
  // Its texts are a catalogue of their own, loaded with the page.
  loader: ({ context }) =>
    import('../../i18n/feature-messages').then((m) => m.loadFeatureMessages('compare', context.lang)),
  component: ComparePage,
})
