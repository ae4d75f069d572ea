import { describe, expect, it } from 'vitest'
import { globalConfigSchema } from '#/contract/index.ts'
import { isFlagOpen, readGlobalConfig } from './global-config.ts'

describe('the global config map (§3)', () => {
  it('keeps every flag the exchange sends, and reads the three switches from it', () => {
    const sent = globalConfigSchema.parse({
      Hbt_Switch: 'false',
      futuresMenu: 'true',
      p2pMenu: 'false',
      gridsNew: 'false',
      earnMenu: 'true',
    })
    const read = readGlobalConfig(sent)
    expect(read.globalConfig).toEqual({
      Hbt_Switch: 'false',
      futuresMenu: 'true',
      p2pMenu: 'false',
      gridsNew: 'false',
      earnMenu: 'true',
    })
    expect(read).toMatchObject({ hbtSwitch: false, futuresMenu: true, p2pMenu: false })
    expect(isFlagOpen(read.globalConfig, 'gridsNew')).toBe(false)
    expect(isFlagOpen(read.globalConfig, 'earnMenu')).toBe(true)
  })

  it('a flag the exchange leaves out, or no answer at all, is open', () => {
    expect(readGlobalConfig(globalConfigSchema.parse({ p2pMenu: 'false' }))).toEqual({
      globalConfig: { p2pMenu: 'false' },
      hbtSwitch: true,
      futuresMenu: true,
      p2pMenu: false,
    })
    expect(readGlobalConfig(undefined)).toEqual({ globalConfig: {}, hbtSwitch: true, futuresMenu: true, p2pMenu: true })
  })

  it('the wire keeps flags to the strings true and false', () => {
    expect(globalConfigSchema.safeParse({ gridsNew: true }).success).toBe(false)
    expect(globalConfigSchema.safeParse({ Hbt_Switch: 'off' }).success).toBe(false)
  })
})
