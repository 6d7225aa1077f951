import { describe, expect, it, vi } from 'vitest'
import { TAKEOVER_TIMEOUT_MS, createUpdateFlow, type UpdateFlowDeps } from './update-flow'

function page(overrides: Partial<UpdateFlowDeps> = {}) {
  const timers: Array<{ run: () => void; ms: number }> = []
  const deps = {
    isControlled: vi.fn(() => true),
    hasWaitingWorker: vi.fn(() => true),
    skipWaiting: vi.fn(),
    reloadPage: vi.fn(),
    schedule: vi.fn((run: () => void, ms: number) => void timers.push({ run, ms })),
    ...overrides,
  }
  const onNeedRefresh = vi.fn<(reload: () => Promise<void>) => void>()
  const flow = createUpdateFlow(deps, onNeedRefresh)
  return { deps, flow, onNeedRefresh, timers }
}

describe('the update flow', () => {
  it('offers a waiting version once, with a reload that lets it take over', () => {
    const { deps, flow, onNeedRefresh } = page()
    const worker = {}
    flow.workerWaiting(worker)
    flow.workerWaiting(worker)
    expect(onNeedRefresh).toHaveBeenCalledTimes(1)

    void onNeedRefresh.mock.calls[0]![0]()
    expect(deps.skipWaiting).toHaveBeenCalledTimes(1)
    expect(deps.reloadPage).not.toHaveBeenCalled()
  })

  it('reloads once the new worker controls the page, and only once', async () => {
    const { deps, flow } = page()
    const reloading = flow.reload()
    void flow.reload()
    flow.controllerChanged(true)
    flow.controllerChanged(true)
    await reloading
    expect(deps.skipWaiting).toHaveBeenCalledTimes(1)
    expect(deps.reloadPage).toHaveBeenCalledTimes(1)
  })

  it('still reloads if the waiting worker never takes control', () => {
    const { deps, flow, timers } = page()
    void flow.reload()
    expect(timers).toHaveLength(1)
    expect(timers[0]!.ms).toBe(TAKEOVER_TIMEOUT_MS)
    timers[0]!.run()
    flow.controllerChanged(true)
    expect(deps.reloadPage).toHaveBeenCalledTimes(1)
  })

  it('reloads straight away when another tab already switched versions', () => {
    const { deps, flow } = page({ hasWaitingWorker: () => false })
    void flow.reload()
    expect(deps.skipWaiting).not.toHaveBeenCalled()
    expect(deps.reloadPage).toHaveBeenCalledTimes(1)
  })

  it('says nothing on the first install', () => {
    const { deps, flow, onNeedRefresh } = page({ isControlled: () => false })
    flow.workerWaiting({})
    flow.controllerChanged(false)
    expect(onNeedRefresh).not.toHaveBeenCalled()
    expect(deps.reloadPage).not.toHaveBeenCalled()
  })

  it('offers the reload when another tab let a new version take over this page', () => {
    const { deps, flow, onNeedRefresh } = page()
    flow.controllerChanged(true)
    expect(onNeedRefresh).toHaveBeenCalledTimes(1)
    expect(deps.reloadPage).not.toHaveBeenCalled()
  })
})
