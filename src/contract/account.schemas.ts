/** The signed-in user's own records (§3, §6, §7): security config, menu info, languages, preferences. */
import { z } from 'zod'
import { LOCALES, type LocaleCode } from '#/app.config.ts'
import { accountTypeSchema } from './auth.schemas.ts'
import { okEnvelope } from './envelope.schemas.ts'

const LOCALE_CODES: LocaleCode[] = LOCALES.map((locale) => locale.code)
export const localeCodeSchema = z.enum(LOCALE_CODES)

/** userSubType: 1 is a main account, 2 a sub-account (§6). */
export const userSubTypeSchema = z.number().int().min(1).max(2)

export const securityConfigSchema = z
  .object({ changeLogin: z.boolean(), standAloneLogin: z.boolean(), userSubType: userSubTypeSchema })
  .meta({ id: 'SecurityConfig' })
export type SecurityConfig = z.infer<typeof securityConfigSchema>
export const securityConfigResponseSchema = okEnvelope(securityConfigSchema).meta({ id: 'SecurityConfigResponse' })
export type SecurityConfigResponse = z.infer<typeof securityConfigResponseSchema>

/** The body is not shown in §7; any JSON object (or none) is accepted and ignored. */
export const topsInfoRequestSchema = z.looseObject({}).meta({ id: 'TopsInfoRequest' })

export const topsInfoSchema = z
  .object({
    id: z.string(),
    userInfo: z.object({
      userId: z.string(),
      nickname: z.string(),
      account: z.string().describe('masked, e.g. d***o@tandem.dev or 138****5678'),
      accountType: accountTypeSchema,
      userSubType: userSubTypeSchema,
      inviteCode: z.string().describe('the user’s own invite number, for the links they share'),
      rebateUser: z
        .boolean()
        .describe('registered with the invite code of an approved affiliate, who earns a rebate on this user’s fees'),
    }),
    availableLanguage: z.array(localeCodeSchema),
  })
  .meta({ id: 'TopsInfo' })
export type TopsInfo = z.infer<typeof topsInfoSchema>
export const topsInfoResponseSchema = okEnvelope(topsInfoSchema).meta({ id: 'TopsInfoResponse' })
export type TopsInfoResponse = z.infer<typeof topsInfoResponseSchema>

export const langMenuResponseSchema = okEnvelope(z.object({ whiteList: z.array(localeCodeSchema) })).meta({
  id: 'LangMenuResponse',
})
export type LangMenuResponse = z.infer<typeof langMenuResponseSchema>

export const DEVICE_TYPES = ['h5', 'web'] as const
export const pricingCurrencySchema = z.string().regex(/^[A-Z]{3}$/)

export const preferencesSchema = z
  .object({
    userLanguage: localeCodeSchema,
    msgLanguage: localeCodeSchema,
    pricingCurrency: pricingCurrencySchema,
    preferencesSettingInfo: z.object({ scientificNotation: z.boolean() }),
  })
  .meta({ id: 'Preferences' })
export type Preferences = z.infer<typeof preferencesSchema>
export const preferencesResponseSchema = okEnvelope(preferencesSchema).meta({ id: 'PreferencesResponse' })
export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>

/** The stored record: the preferences plus the device the user last saved them from (null until then). */
export const preferencesRecordSchema = preferencesSchema
  .extend({ deviceType: z.enum(DEVICE_TYPES).nullable() })
  .meta({ id: 'PreferencesRecord' })
export type PreferencesRecord = z.infer<typeof preferencesRecordSchema>

export const updatePreferencesRequestSchema = z
  .strictObject({
    userLanguage: localeCodeSchema.optional(),
    msgLanguage: localeCodeSchema.optional(),
    pricingCurrency: pricingCurrencySchema.optional(),
    deviceType: z.enum(DEVICE_TYPES).optional(),
    preferencesSettingInfo: z.strictObject({ scientificNotation: z.boolean() }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'at least one field' })
  .meta({ id: 'UpdatePreferencesRequest', description: 'Any non-empty subset of the preference fields.' })
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>
export const updatePreferencesResponseSchema = okEnvelope(preferencesRecordSchema).meta({
  id: 'UpdatePreferencesResponse',
})
export type UpdatePreferencesResponse = z.infer<typeof updatePreferencesResponseSchema>
