import 'fake-indexeddb/auto'
import { cleanup, configure, fireEvent } from '@testing-library/react'
import { afterEach } from 'vitest'

// CI runs the client tests beside the server's on two cores: a page's data can take more than the
// default second to arrive there, and a `findBy`/`waitFor` that gives up sooner fails for nothing.
configure({ asyncUtilTimeout: 5_000 })

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
