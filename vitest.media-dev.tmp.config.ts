import { defineConfig } from 'vitest/config'
export default defineConfig({ test: { include: ['server/modules/media/devharness.tmp.test.ts', 'server/modules/media/illustration.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } })
