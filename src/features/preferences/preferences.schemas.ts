import { z } from 'zod/mini'
import { LOCALES, type LocaleCode } from '#/app.config.ts'

/** Pricing currencies offered in the picker (§3: each language's default is among them). */
export const PRICING_CURRENCIES = [
  'USD',
  'EUR',
  'CNY',
  'TWD',
  'KRW',
  'VND',
  'TRY',
  'RUB',
  'UAH',
  'JPY',
  'GBP',
  'AED',
  'INR',
  'BRL',
] as const
export type PricingCurrency = (typeof PRICING_CURRENCIES)[number]

export const PREFERENCE_COOKIES = { pricingCurrency: 'pricing_currency' } as const

const localeCode = z.enum(LOCALES.map((l) => l.code))

export const preferencesUpdateSchema = z.object({
  userLanguage: z.optional(localeCode),
  msgLanguage: z.optional(localeCode),
  pricingCurrency: z.optional(z.enum(PRICING_CURRENCIES)),
  scientificNotation: z.optional(z.boolean()),
})
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>

export interface Preferences {
  userLanguage: LocaleCode
  msgLanguage: LocaleCode
  pricingCurrency: PricingCurrency
  scientificNotation: boolean
  /** Where these came from: the account (synced) or this browser. */
  source: 'account' | 'browser'
}

export function isPricingCurrency(value: unknown): value is PricingCurrency {
  return PRICING_CURRENCIES.some((c) => c === value)
}

export function isLocaleCode(value: unknown): value is LocaleCode {
  return LOCALES.some((l) => l.code === value)
}

/** §8: when preferences cannot be loaded, the locale's defaults apply. */
export function defaultPreferences(locale: LocaleCode): Preferences {
  const fiat = LOCALES.find((l) => l.code === locale)?.fiatCurrency
  return {
    userLanguage: locale,
    msgLanguage: locale,
    pricingCurrency: isPricingCurrency(fiat) ? fiat : 'USD',
    scientificNotation: true,
    source: 'browser',
  }
}
