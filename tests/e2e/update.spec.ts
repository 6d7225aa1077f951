import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { expect, isShell, test, type Page, waitForControl } from './fixtures'

/**
 * Issue 24, a deployment never leaves a white screen (README, "Updates"): a store of the journey's own
 * serves a copy of build A, a shopper browses it with the worker in control, build B is built into the
 * same copy the way `npm run build` does it (beside A, then pruned and compressed) and the store is
 * restarted. Another tab lets B's worker in; the page still running A then navigates to a product, whose
 * route chunk is A's and comes from the server (B's worker dropped A's precache), and is offered the
 * update, which reloads it once into B, where navigation works too.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const BIN = path.join(ROOT, 'node_modules', '.bin')
/** The journey's store: a copy of dist/ and dist-ssr/ (the server renders pages with `../dist-ssr`) and a database. */
const WORK = path.join(ROOT, 'test-results', `update-journey-${process.pid}`)
const STATIC_DIR = path.join(WORK, 'dist')

interface BuildList {
  buildId: string
  assets: string[]
}

let store: ChildProcess | undefined
let storeLog = ''
let origin = ''
let port = 0

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

/** Runs one of the project's commands to its end; its output is thrown with a failure. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(BIN, command), args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve(Date.now() - started)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`)),
    )
  })
}

/** `tsx server/main.ts` in a process group of its own; seeds its database on the first start. */
async function startStore(): Promise<void> {
  storeLog = ''
  const child = spawn(path.join(BIN, 'tsx'), ['server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(WORK, 'data'),
      // PGlite of its own, whatever the run's environment names
      DATABASE_URL: '',
      WORKERS: '1',
      SEED_PRODUCTS: '200',
      STATIC_DIR,
      LOG_LEVEL: 'warn',
    },
  })
  store = child
  child.stdout.on('data', (chunk: Buffer) => (storeLog += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (storeLog += chunk.toString()))
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the journey's store exited:\n${storeLog}`)
    const health = await fetch(`${origin}/api/health`).catch(() => null)
    if (health?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the journey's store did not answer /api/health:\n${storeLog}`)
}

/** Ends the store's process group and waits for it: PGlite's files belong to one process. */
async function stopStore(): Promise<void> {
  const child = store
  store = undefined
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  process.kill(-child.pid, 'SIGTERM')
  const timer = setTimeout(() => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
  }, 15_000)
  await exited
  clearTimeout(timer)
}

async function buildList(dir: string): Promise<BuildList> {
  const { buildId } = JSON.parse(await readFile(path.join(dir, 'build.json'), 'utf8')) as { buildId: string }
  return JSON.parse(await readFile(path.join(dir, 'builds', `${buildId}.json`), 'utf8')) as BuildList
}

/** Errors the page logs; a render the machine's load cut short (React's #419) is the server's doing. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('error #419'))
      errors.push(`${message.text()} (${page.url()})`)
  })
  page.on('pageerror', (error) => errors.push(`${error.message} (${page.url()})`))
  return errors
}

/** The script and stylesheet files under /assets/ a page asked for, in order, with their answers. */
function assetRequests(page: Page): Array<{ file: string; status: number }> {
  const seen: Array<{ file: string; status: number }> = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin === origin && /^\/assets\/.+\.(js|css)$/.test(url.pathname))
      seen.push({ file: url.pathname.slice(1), status: response.status() })
  })
  page.on('requestfailed', (request) => {
    const url = new URL(request.url())
    if (url.origin === origin && url.pathname.startsWith('/assets/'))
      seen.push({ file: url.pathname.slice(1), status: 0 })
  })
  return seen
}

function updateToast(page: Page) {
  return page.getByTestId('toaster').getByRole('status').filter({ hasText: 'Доступна новая версия' })
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await rm(WORK, { recursive: true, force: true })
  await mkdir(WORK, { recursive: true })
  // Build A is the dist/ the run has (CI builds before the journeys). Times kept: the compression
  // step skips the files whose .br and .gz are not older than they are.
  for (const dir of ['dist', 'dist-ssr'])
    await cp(path.join(ROOT, dir), path.join(WORK, dir), { recursive: true, preserveTimestamps: true })
  port = await freePort()
  origin = `http://127.0.0.1:${port}`
  await startStore()
})

test.afterAll(async () => {
  await stopStore()
  await rm(WORK, { recursive: true, force: true })
})

test('a page running the old build navigates after a deployment and is offered the new one', async ({
  page,
  context,
}) => {
  test.slow()
  const errors = consoleErrors(page)
  const assets = assetRequests(page)
  const a = await buildList(STATIC_DIR)

  // The shopper on build A: the home page, the worker in control (A's precache in place), a category.
  await page.goto(`${origin}/`)
  await waitForControl(page)
  await page.getByTestId('header-category-link').filter({ hasText: 'Смартфоны' }).first().click()
  await expect(page).toHaveURL(/\/catalog\/smartfony$/)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  const loadedOnA = assets.length

  // Deploy B: a client build beside A in the same directory, pruned and compressed as `npm run build`
  // does, then a restart. The page renderer (dist-ssr) is A's: it names no file of the client build.
  const buildB = await run('vite', ['build', '--outDir', STATIC_DIR, '--logLevel', 'warn'], {
    NODE_ENV: 'production',
    BUILD_ID: `update-journey-b-${Date.now().toString(36)}`,
  })
  const prune = await run('tsx', ['scripts/prune-assets.ts', STATIC_DIR])
  const compress = await run('tsx', ['scripts/compress-dist.ts', STATIC_DIR])
  const b = await buildList(STATIC_DIR)
  expect(b.buildId).not.toBe(a.buildId)
  const onlyA = new Set(a.assets.filter((file) => !b.assets.includes(file)))
  expect(onlyA.size, 'files of A that B does not have (the chunk hashes changed)').toBeGreaterThan(0)
  const restartStarted = Date.now()
  await stopStore()
  const stopped = Date.now()
  await startStore()
  test.info().annotations.push({
    type: 'deploy B',
    description: `vite build ${buildB} ms, prune ${prune} ms, compress ${compress} ms, stop ${stopped - restartStarted} ms, start ${Date.now() - stopped} ms`,
  })

  // Another tab opens the store: its navigation finds B's worker, which installs and waits (A's worker
  // controls both tabs; the new tab's page is B's, from the server). The page on A is offered the update
  // as well.
  const other = await context.newPage()
  const otherErrors = consoleErrors(other)
  // A's worker asks the network for the page: the server's render of B, not A's precached shell
  const otherFirst = await other.goto(`${origin}/`)
  expect(isShell(await otherFirst!.text())).toBe(false)
  await other.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    while (!registration?.waiting) await new Promise((resolve) => setTimeout(resolve, 100))
  })
  await expect(updateToast(page)).toBeVisible()
  await page.evaluate(() => {
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      document.documentElement.dataset.swChanged = 'yes'
    })
  })

  // That tab takes the update: B's worker activates, claims both tabs and drops A's precache.
  await expect(updateToast(other)).toBeVisible()
  // With the mouse: its hover preloads a header category through A's worker as B is told to skip waiting,
  // and then Chrome may hold B waiting until the page unloads (README, "Updates"); the page reloads
  // anyway and comes back under B, with no offer of the version it now runs.
  await Promise.all([
    other.waitForEvent('load'),
    updateToast(other).getByRole('button', { name: 'Обновить' }).click(),
  ])
  await other.waitForFunction(
    () =>
      navigator.serviceWorker.controller?.state === 'activated' &&
      document.documentElement.dataset.app === 'ready',
  )
  const otherScripts = await other.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) =>
      new URL(s.src).pathname.slice(1),
    ),
  )
  expect(otherScripts.filter((file) => file.startsWith('assets/') && !b.assets.includes(file))).toEqual([])
  await expect(updateToast(other)).toHaveCount(0)
  await page.waitForFunction(() => document.documentElement.dataset.swChanged === 'yes')
  // The new worker drops what its precache does not list as it activates (maybe after the claim).
  const precached = () =>
    page.evaluate(async () => {
      const files: string[] = []
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue
        for (const request of await (await caches.open(name)).keys())
          files.push(new URL(request.url).pathname.slice(1))
      }
      return files
    })
  await expect.poll(async () => (await precached()).filter((file) => onlyA.has(file))).toEqual([])
  expect((await precached()).filter((file) => b.assets.includes(file)).length).toBeGreaterThan(0)

  // The page still runs A and navigates to a route it has not loaded: a product. Its chunk is A's,
  // from the server (A's precache is gone): the page renders, no white screen.
  const card = page.getByTestId('product-card').first()
  const name = (await card.locator('a[href*="/p/"]').first().innerText()).trim()
  await card.locator('a[href*="/p/"]').first().click()
  await expect(page).toHaveURL(/\/p\//)
  await expect(page.getByTestId('product-page')).toBeVisible()
  await expect(page.locator('h1').first()).toContainText(name.slice(0, 20))
  const afterDeploy = assets.slice(loadedOnA)
  expect(afterDeploy.filter((r) => r.status !== 200)).toEqual([])
  expect(
    afterDeploy.filter((r) => onlyA.has(r.file)).length,
    `A's chunks fetched after the deployment: ${afterDeploy.map((r) => r.file).join(', ')}`,
  ).toBeGreaterThan(0)
  expect(afterDeploy.filter((r) => !a.assets.includes(r.file))).toEqual([])

  // The update: its button reloads the page once, and the page then runs B.
  await expect(updateToast(page)).toBeVisible()
  let loads = 0
  page.on('load', () => (loads += 1))
  const beforeReload = assets.length
  await Promise.all([
    page.waitForEvent('load'),
    updateToast(page).getByRole('button', { name: 'Обновить' }).click(),
  ])
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready')
  await expect(page.getByTestId('product-page')).toBeVisible()
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) =>
      new URL(s.src).pathname.slice(1),
    ),
  )
  expect(scripts.filter((file) => file.startsWith('assets/')).length).toBeGreaterThan(0)
  expect(scripts.filter((file) => file.startsWith('assets/') && !b.assets.includes(file))).toEqual([])

  // Navigation on B: the category from the header, then a product again.
  await page.getByTestId('header-category-link').filter({ hasText: 'Смартфоны' }).first().click()
  await expect(page).toHaveURL(/\/catalog\/smartfony$/)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await page.getByTestId('product-card').nth(1).locator('a[href*="/p/"]').first().click()
  await expect(page).toHaveURL(/\/p\//)
  await expect(page.getByTestId('product-page')).toBeVisible()
  const onB = assets.slice(beforeReload)
  expect(onB.filter((r) => r.status !== 200)).toEqual([])
  expect(onB.filter((r) => !b.assets.includes(r.file))).toEqual([])
  expect(loads, 'the update reloads the page once').toBe(1)

  expect(errors).toEqual([])
  expect(otherErrors).toEqual([])
})
