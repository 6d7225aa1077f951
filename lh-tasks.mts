import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { writeFileSync } from 'node:fs'
const url = process.argv[2]!
const runs = Number(process.argv[3] ?? 3)
const bot = process.argv[4] === 'bot'
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36'
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
for (let i = 0; i < runs; i++) {
  const r = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error', emulatedUserAgent: bot ? `${PHONE_AGENT} Chrome-Lighthouse` : PHONE_AGENT })
  const a = r!.lhr.audits
  console.log(`run ${i}: score ${Math.round(r!.lhr.categories.performance!.score! * 100)} TBT ${Math.round(a['total-blocking-time']!.numericValue!)} LCP ${Math.round(a['largest-contentful-paint']!.numericValue!)}`)
  const lt = (a['long-tasks']?.details as any)?.items ?? []
  for (const t of lt) console.log(`   long task ${Math.round(t.startTime)} +${Math.round(t.duration)} ${t.url}`)
  const le = (a['largest-contentful-paint-element']?.details as any)?.items ?? []
  for (const it of le) { if (it.type === 'table') for (const row of it.items) console.log('   lcp', JSON.stringify(row).slice(0, 200)) }
  if (i === 0) {
    const boot = (a['bootup-time']?.details as any)?.items ?? []
    for (const b of boot.slice(0, 8)) console.log(`   bootup ${b.url} total ${Math.round(b.total)} script ${Math.round(b.scripting)} parse ${Math.round(b.scriptParseCompile)}`)
    const mw = (a['mainthread-work-breakdown']?.details as any)?.items ?? []
    console.log('   ' + mw.map((m: any) => `${m.group}:${Math.round(m.duration)}`).join(' '))
    writeFileSync('/tmp/lh/last.json', JSON.stringify(r!.lhr))
  }
}
await chrome.kill()
