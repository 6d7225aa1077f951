import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { budgetBytes, JS_BUDGET_BYTES, pageFiles, weighPages, type Manifest } from './check-js-budget'

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['index.html'] },
  '_product.js': { file: 'assets/product.js', imports: ['_shared.js', '_product.css'] },
  '_product.css': { file: 'assets/product.css' },
  'route?tsr-split=component': { file: 'assets/route.js', imports: ['_product.js'] },
  'other?tsr-split=component': { file: 'assets/other.js' },
}

describe('pageFiles', () => {
  it('takes the entry and the page sources with their static imports, each JS file once', () => {
    expect(pageFiles(manifest, { name: 'p', sources: ['route?tsr-split=component'] })).toEqual([
      'assets/index.js',
      'assets/shared.js',
      'assets/route.js',
      'assets/product.js',
    ])
  })

  it('refuses a page whose source the build no longer has', () => {
    expect(() => pageFiles(manifest, { name: 'p', sources: ['renamed?tsr-split=component'] })).toThrow(
      /renamed.*not in the build manifest/,
    )
  })
})

describe('weighPages', () => {
  let dir: string | undefined
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('adds up the gzipped size of every file the page loads', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'js-budget-'))
    await mkdir(path.join(dir, '.vite'))
    await mkdir(path.join(dir, 'assets'))
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
    for (const name of ['index', 'shared', 'product', 'route', 'other']) {
      await writeFile(path.join(dir, 'assets', `${name}.js`), `export const ${name} = ${'1+'.repeat(500)}1`)
    }
    const [weight] = await weighPages(dir, [{ name: 'product', sources: ['route?tsr-split=component'] }])
    expect(weight?.files.map((f) => f.file)).toHaveLength(4)
    expect(weight?.gzipBytes).toBe(weight?.files.reduce((sum, f) => sum + f.gzipBytes, 0))
    expect(weight?.files.every((f) => f.gzipBytes > 0 && f.gzipBytes < 1000)).toBe(true)
  })
})

describe('budgetBytes', () => {
  it('is the target of 175 KB unless JS_BUDGET_KB names another for the run', () => {
    expect(budgetBytes({})).toBe(JS_BUDGET_BYTES)
    expect(JS_BUDGET_BYTES).toBe(175 * 1024)
    expect(budgetBytes({ JS_BUDGET_KB: '170' })).toBe(170 * 1024)
    expect(() => budgetBytes({ JS_BUDGET_KB: 'lots' })).toThrow(/JS_BUDGET_KB/)
  })
})
