import { describe, expect, it } from 'vitest'
import { bannerTone, groupMessages, missingRequired, orderedKinds, partTitles } from './banner'
import type { CompatibilityMessage, ComponentInfo, ConfigurationComponent } from './types'

const part = (code: ConfigurationComponent['code'], sku: string, title: string): ConfigurationComponent => ({
  code,
  sku,
  quantity: 1,
  title,
  uri: sku,
  brand: null,
  images: [],
  price: 10_000,
  lineTotal: 10_000,
  stock: 3,
  isAvailable: true,
  specs: {},
})

const cpu = part('cpu', 'CPU1', 'AMD Ryzen 5 7600')
const board = part('motherboard', 'MB1', 'ASUS B650')
const gpu = part('gpu', 'GPU1', 'RTX 4090')
const pcCase = part('case', 'CASE1', 'Mini case')
const components = [pcCase, gpu, board, cpu]

const message = (
  severity: CompatibilityMessage['severity'],
  code: CompatibilityMessage['code'],
  parts: string[],
): CompatibilityMessage => ({
  severity,
  code,
  messageKey: `configurator:rule.${code}`,
  parts,
  components: [],
  params: {},
})

describe('the compatibility banner', () => {
  it('puts errors before warnings before notes, each in the order of the slots', () => {
    const groups = groupMessages(
      [
        message('note', 'no_graphics', ['CASE1']),
        message('error', 'gpu_length', ['GPU1', 'CASE1']),
        message('warning', 'memory_single_channel', ['MB1']),
        message('error', 'socket', ['CPU1', 'MB1']),
      ],
      components,
    )
    expect(groups.errors.map((m) => m.code)).toEqual(['socket', 'gpu_length'])
    expect(groups.warnings.map((m) => m.code)).toEqual(['memory_single_channel'])
    expect(groups.notes.map((m) => m.code)).toEqual(['no_graphics'])
  })

  it('shows a conflict once when the server names it from both sides', () => {
    const groups = groupMessages(
      [message('error', 'gpu_length', ['GPU1', 'CASE1']), message('error', 'gpu_length', ['CASE1', 'GPU1'])],
      components,
    )
    expect(groups.errors).toHaveLength(1)
  })

  it('names both parts of a conflict, in the message order, and skips a part no longer chosen', () => {
    expect(partTitles(message('error', 'gpu_length', ['GPU1', 'CASE1']), components)).toEqual([
      'RTX 4090',
      'Mini case',
    ])
    expect(partTitles(message('error', 'socket', ['CPU1', 'GONE']), components)).toEqual(['AMD Ryzen 5 7600'])
  })

  it('lists the required kinds still missing, in slot order', () => {
    const kind = (code: ComponentInfo['code'], isRequired: boolean): ComponentInfo => ({
      code,
      isRequired,
      maxQuantity: 1,
      categoryPath: code,
      title: code,
    })
    const info = [kind('case', true), kind('cpu', true), kind('cooler', false), kind('ram', true)]
    expect(missingRequired(info, [cpu])).toEqual(['ram', 'case'])
    expect(orderedKinds(info).map((i) => i.code)).toEqual(['cpu', 'cooler', 'ram', 'case'])
  })

  it('says error over missing over warning, and ready with notes only', () => {
    const none = { errors: [], warnings: [], notes: [] }
    const warn = { ...none, warnings: [message('warning', 'cooler_tdp', ['CPU1'])] }
    const err = { ...none, errors: [message('error', 'socket', ['CPU1', 'MB1'])] }
    const note = { ...none, notes: [message('note', 'no_graphics', ['CPU1'])] }
    expect(bannerTone(none, [], 0)).toBe('empty')
    expect(bannerTone(err, ['ram'], 2)).toBe('error')
    expect(bannerTone(warn, ['ram'], 2)).toBe('incomplete')
    expect(bannerTone(warn, [], 6)).toBe('warning')
    expect(bannerTone(note, [], 6)).toBe('ready')
  })
})
