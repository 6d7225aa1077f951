import { createFileRoute } from '@tanstack/react-router'
import { ComparePage } from '../../features/compare/compare-page'

/** The device's own comparison: rendered in the browser, where the list is (IndexedDB). */
export const Route = createFileRoute('/{-$city}/compare')({
  component: ComparePage,
})
