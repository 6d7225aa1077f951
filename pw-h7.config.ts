import base from './playwright.config'
const ws = base.webServer as { env: Record<string, string> }
export default {
  ...base,
  testDir: 'tests/e2e',
  webServer: { ...ws, command: 'tsx server/main.ts', timeout: 400_000, cwd: '/work/wt-h7' },
}
