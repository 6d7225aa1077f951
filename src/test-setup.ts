import 'fake-indexeddb/auto'
import { cleanup, fireEvent } from '@testing-library/react'
import { afterEach } from 'vitest'

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup())

// A browser fires `input` as the shopper types, and preact/compat listens for it on text fields where
// React also took `change`: Testing Library's fireEvent.change fires both, as typing does.
const fireChange = fireEvent.change
fireEvent.change = (element, init) => {
  const result = fireChange(element, init)
  fireEvent.input(element, init)
  return result
}
