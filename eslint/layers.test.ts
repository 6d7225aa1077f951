import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The repository's own eslint.config.js, so the layers cannot quietly drop out of `npm run lint`.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') })

/** The layer rule's messages for `code` as if it were the file at `file` (the file need not exist). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1\n`, { filePath: file })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'storefront/layers').map((m) => m.message)
}

describe('the layers of the browser code', () => {
  it('keeps features, shared parts and the bottom layers from importing the composition root', async () => {
    expect(
      await layerErrors(
        'src/features/catalog/probe.ts',
        "import { createAppRouter } from '../../app/router'",
      ),
    ).toEqual([expect.stringContaining('features/catalog may not import app')])
    expect(
      await layerErrors('src/listing/probe.ts', "import type { Route } from '../routes/__root'"),
    ).toHaveLength(1)
    expect(await layerErrors('src/url/probe.ts', "export { App } from '../app/app'")).toHaveLength(1)
  })

  it('lets the entry points use the composition root, and not the routes, which the router imports', async () => {
    expect(
      await layerErrors('src/routes/probe.tsx', "import { createAppRouter } from '../app/router'"),
    ).toEqual([expect.stringContaining('routes may not import app')])
    expect(await layerErrors('src/main.tsx', "import { createAppRouter } from './app/router'")).toEqual([])
  })

  it('lets a feature reach another only through its public face, never its insides', async () => {
    expect(
      await layerErrors('src/features/shell/probe.ts', "import { suggestQuery } from '../search/queries'"),
    ).toEqual([expect.stringContaining('public face, `features/search`')])
    expect(
      await layerErrors(
        'src/features/account/guest-offer/probe.ts',
        "const m = () => import('../../search/search-box')",
      ),
    ).toHaveLength(1)
    expect(
      await layerErrors('src/features/shell/probe.ts', "import { suggestQuery } from '../search'"),
    ).toEqual([])
    expect(await layerErrors('src/features/shell/probe.ts', "import { Header } from './header'")).toEqual([])
  })

  it('keeps the bottom layers one way: atoms over data, never data over atoms', async () => {
    expect(await layerErrors('src/atoms/probe.ts', "import { storefrontStore } from '../data/idb'")).toEqual(
      [],
    )
    expect(
      await layerErrors('src/data/probe.ts', "import { sessionAtom } from '../atoms/session'"),
    ).toHaveLength(1)
    expect(await layerErrors('src/ui/probe.ts', "import { useCart } from '../cart/use-cart'")).toHaveLength(1)
    expect(
      await layerErrors('src/session/probe.ts', "import { PageFrame } from '../page/page-frame'"),
    ).toHaveLength(1)
  })

  it('lets only tests import the shared fixtures', async () => {
    expect(
      await layerErrors('src/cart/probe.ts', "import { aCart } from '../testing/cart-fixtures'"),
    ).toEqual([expect.stringContaining('only tests import it')])
    expect(
      await layerErrors('src/cart/probe.test.ts', "import { aCart } from '../testing/cart-fixtures'"),
    ).toEqual([])
  })

  it('asks a new folder of src/ for its place among the layers', async () => {
    expect(await layerErrors('src/widgets/probe.ts', "import { api } from '../data/api'")).toEqual([
      expect.stringContaining('not in the layer table'),
    ])
  })
})
