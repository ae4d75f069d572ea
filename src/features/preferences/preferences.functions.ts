/**
 * Preferences (§3, §4, §6): a visitor's live in this browser; a signed-in user's are the account's,
 * loaded from and saved to the exchange, so they follow the user to any device.
 */
import { createServerFn } from '@tanstack/react-start'
import { getCookie, getRequestHeader, setCookie } from '@tanstack/react-start/server'
import { z } from 'zod/mini'
import { COOKIES, LOCALES } from '#/app.config.ts'
import { preferencesResponseSchema, updatePreferencesResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware, type Sent } from '#/exchange-client/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import {
  defaultPreferences,
  isPricingCurrency,
  PREFERENCE_COOKIES,
  preferencesUpdateSchema,
  type Preferences,
} from './preferences.schemas.ts'

const localeInput = z.object({ locale: z.enum(LOCALES.map((l) => l.code)) })

function browserPreferences(base: Preferences): Preferences {
  const currency = getCookie(PREFERENCE_COOKIES.pricingCurrency)
  return { ...base, pricingCurrency: isPricingCurrency(currency) ? currency : base.pricingCurrency }
}

/** h5 on phones and in app WebViews, web on desktops (§3 deviceType). */
function deviceType(): 'h5' | 'web' {
  return /Mobi|Android|iPhone|iPad/i.test(getRequestHeader('user-agent') ?? '') ? 'h5' : 'web'
}

/** Always answered: §8, a failed load falls back silently to the locale's defaults. */
export const getPreferences = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(localeInput))
  .handler(async ({ data, context: { exchange } }): Promise<Preferences> => {
    const defaults = defaultPreferences(data.locale)
    if (!exchange.session.active) return browserPreferences(defaults)
    const stored = await exchange.load('/v2/users/membership/user-perfenerce/get', preferencesResponseSchema, {
      essential: false,
    })
    if (stored.status !== 'ok') return browserPreferences(defaults)
    return {
      userLanguage: stored.data.userLanguage,
      msgLanguage: stored.data.msgLanguage,
      pricingCurrency: isPricingCurrency(stored.data.pricingCurrency)
        ? stored.data.pricingCurrency
        : defaults.pricingCurrency,
      scientificNotation: stored.data.preferencesSettingInfo.scientificNotation,
      source: 'account',
    }
  })

/** `synced`: saved to the account (signed in), else kept in this browser only. */
export const savePreferences = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(preferencesUpdateSchema))
  .handler(async ({ data, context: { exchange } }): Promise<Sent<{ synced: boolean }>> => {
    const cookie = { path: '/', sameSite: 'lax', maxAge: COOKIES.localeMaxAgeSeconds } as const
    if (data.pricingCurrency) setCookie(PREFERENCE_COOKIES.pricingCurrency, data.pricingCurrency, cookie)
    if (!exchange.session.active) return { status: 'ok', data: { synced: false } }
    const { scientificNotation, ...rest } = data
    const body = {
      ...rest,
      deviceType: deviceType(),
      ...(scientificNotation === undefined ? {} : { preferencesSettingInfo: { scientificNotation } }),
    }
    const saved = await exchange.send(
      'POST',
      '/v2/users/membership/user-perfenerce/update',
      updatePreferencesResponseSchema,
      body,
    )
    return saved.status === 'ok' ? { status: 'ok', data: { synced: true } } : saved
  })
