import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// CI runs the client tests beside the server's on two cores: a page's data can take more than the
// default second to arrive there, and a `findBy`/`waitFor` that gives up sooner fails for nothing.
configure({ asyncUtilTimeout: 5_000 })

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup())
