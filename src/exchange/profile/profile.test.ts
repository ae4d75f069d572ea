/** Preferences, menu info and language lists: defaults, persistence, per-user and global whitelists. */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '#/app.config.ts'
import {
  apiErrorSchema,
  langMenuResponseSchema,
  preferencesResponseSchema,
  topsInfoResponseSchema,
  updatePreferencesResponseSchema,
} from '#/contract/index.ts'
import { globalConfig, users } from '../db/schema.ts'
import { startHarness, type Harness, type TestUser } from '#tests/fixtures/exchange/harness.ts'

let h: Harness
let user: TestUser
beforeAll(async () => {
  h = await startHarness()
  user = await h.registerUser()
})
afterAll(() => h.close())

const getPreferences = async (token: string) =>
  preferencesResponseSchema.parse((await h.api('GET', '/v2/users/membership/user-perfenerce/get', { token })).body).data
const update = (token: string, body: unknown) =>
  h.api('POST', '/v2/users/membership/user-perfenerce/update', { token, body })

describe('preferences', () => {
  it('start at en_US, en_US, USD, scientific notation on', async () => {
    expect(await getPreferences(user.token)).toEqual({
      userLanguage: 'en_US',
      msgLanguage: 'en_US',
      pricingCurrency: 'USD',
      preferencesSettingInfo: { scientificNotation: true },
    })
  })

  it('save any subset, answer the whole record and persist it', async () => {
    const first = await update(user.token, { userLanguage: 'ar_AE', deviceType: 'h5' })
    expect(updatePreferencesResponseSchema.parse(first.body).data).toEqual({
      userLanguage: 'ar_AE',
      msgLanguage: 'en_US',
      pricingCurrency: 'USD',
      preferencesSettingInfo: { scientificNotation: true },
      deviceType: 'h5',
    })
    const second = await update(user.token, {
      pricingCurrency: 'EUR',
      preferencesSettingInfo: { scientificNotation: false },
      msgLanguage: 'zh_CN',
    })
    expect(updatePreferencesResponseSchema.parse(second.body).data).toMatchObject({
      userLanguage: 'ar_AE',
      msgLanguage: 'zh_CN',
      deviceType: 'h5',
    })
    expect(await getPreferences(user.token)).toEqual({
      userLanguage: 'ar_AE',
      msgLanguage: 'zh_CN',
      pricingCurrency: 'EUR',
      preferencesSettingInfo: { scientificNotation: false },
    })
  })

  it('are per user', async () => {
    const other = await h.registerUser()
    expect((await getPreferences(other.token)).userLanguage).toBe('en_US')
  })

  it('refuse an empty update, unknown fields and unknown locales', async () => {
    for (const body of [
      {},
      { theme: 'dark' },
      { userLanguage: 'en' },
      { msgLanguage: 'EN_us' },
      { deviceType: 'ios' },
      { pricingCurrency: 'EURO' },
    ]) {
      const result = await update(user.token, body)
      expect(result.status).toBe(400)
      expect(apiErrorSchema.parse(result.body).reason).toBe('invalid-input')
    }
    expect((await getPreferences(user.token)).pricingCurrency).toBe('EUR')
  })
})

describe('languages', () => {
  const ALL = LOCALES.map((locale) => locale.code)

  it('visitors are offered all 13 locales by default', async () => {
    const menu = langMenuResponseSchema.parse((await h.api('GET', '/open/lang/menu/show')).body)
    expect(menu.data.whiteList).toEqual(ALL)
  })

  it('follow the stored whitelist, ignoring unknown codes', async () => {
    await h.context.db
      .update(globalConfig)
      .set({ value: JSON.stringify(['zh_CN', 'en_US', 'xx_XX', 'zh_CN']) })
      .where(eq(globalConfig.key, 'lang_whitelist'))
    const menu = langMenuResponseSchema.parse((await h.api('GET', '/open/lang/menu/show')).body)
    expect(menu.data.whiteList).toEqual(['zh_CN', 'en_US'])
    const tops = topsInfoResponseSchema.parse(
      (await h.api('POST', '/open/seckill/user/tops-info', { token: user.token })).body,
    )
    expect(tops.data.availableLanguage).toEqual(['zh_CN', 'en_US'])
    await h.context.db.update(globalConfig).set({ value: 'not json' }).where(eq(globalConfig.key, 'lang_whitelist'))
    expect(langMenuResponseSchema.parse((await h.api('GET', '/open/lang/menu/show')).body).data.whiteList).toEqual(ALL)
  })

  it('a user with their own list sees it in the menu info', async () => {
    await h.context.db
      .update(users)
      .set({ availableLanguages: ['ja_JP', 'ko_KR'] })
      .where(eq(users.id, Number(user.userId)))
    const tops = topsInfoResponseSchema.parse(
      (await h.api('POST', '/open/seckill/user/tops-info', { token: user.token, body: { ignored: 'thing' } })).body,
    )
    expect(tops.data.availableLanguage).toEqual(['ja_JP', 'ko_KR'])
    expect(tops.data.id).toBe(user.userId)
  })
})
