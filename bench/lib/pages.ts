import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export interface PageResult {
  page: string
  /** How the page came: buffered for a bot, or streamed. */
  delivery: string
  performance: number
  lcpMs: number
  cls: number
  tbtMs: number
  /**
   * Lighthouse's measure of the machine's CPU (higher is faster). Its simulated phone multiplies the
   * main thread's observed work by 4 whatever this is, so TBT and the score move with the machine:
   * compare runs at similar indexes.
   */
  benchmarkIndex: number
  /** Every script the page loaded, gzipped at level 9 from the build (the server sends brotli, smaller). */
  jsGzipKb: number
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

interface NetworkItem {
  url: string
  resourceType?: string
}

function gzippedScriptKb(items: NetworkItem[], staticDir: string): number {
  let bytes = 0
  for (const item of items) {
    if (item.resourceType !== 'Script') continue
    const file = path.join(staticDir, new URL(item.url).pathname)
    if (existsSync(file)) bytes += gzipSync(readFileSync(file), { level: 9 }).length
  }
  return Math.round((bytes / 1024) * 10) / 10
}

/** Lighthouse's own phone; PageSpeed Insights adds `Chrome-Lighthouse`, which isbot counts as a bot. */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36'
const DELIVERIES = [
  { delivery: 'buffered (bot)', agent: `${PHONE_AGENT} Chrome-Lighthouse` },
  { delivery: 'streamed', agent: PHONE_AGENT },
] as const

/**
 * Lighthouse's mobile preset (simulated slow 4G, mid-range phone) on each page, one cold load each: as
 * PageSpeed Insights audits it (a bot, which gets the page once all of it has rendered) and as a
 * shopper's phone, which gets it streamed.
 */
export async function auditPages(
  baseUrl: string,
  pages: string[],
  staticDir = 'dist',
): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  try {
    const results: PageResult[] = []
    for (const page of pages)
      for (const { delivery, agent } of DELIVERIES) {
        const run = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
          emulatedUserAgent: agent,
        })
        if (!run) throw new Error(`Lighthouse gave no result for ${page}`)
        const { lhr } = run
        const items =
          (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
        results.push({
          page,
          delivery,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          jsGzipKb: gzippedScriptKb(items, staticDir),
        })
      }
    return results
  } finally {
    await chrome.kill()
  }
}
