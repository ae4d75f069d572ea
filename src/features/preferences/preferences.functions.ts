/**
 * Preferences (§3, §4, §6): a visitor's live in this browser; a signed-in user's are the account's,
 * loaded from and saved to the exchange, so they follow the user to any device.
 */
import { createServerFn } from '@tanstack/react-start'
import { getCookie, getRequestHeader, setCookie } from '@tanstack/react-start/server'
import { z } from 'zod/mini'
import { COOKIES, LOCALES } from '../../../app.config.ts'
import { isSuccess } from '../../lib/http/api-client.ts'
import { clearSessionCookies, hasSession, serverApi } from '../auth/api.server.ts'
import {
  defaultPreferences,
  isLocaleCode,
  isPricingCurrency,
  PREFERENCE_COOKIES,
  preferencesUpdateSchema,
  type Preferences,
} from './preferences.schemas.ts'

const localeInput = z.object({ locale: z.enum(LOCALES.map((l) => l.code)) })

function field(data: unknown, ...path: string[]): unknown {
  let node: unknown = data
  for (const key of path) node = typeof node === 'object' && node !== null ? Reflect.get(node, key) : undefined
  return node
}

function browserPreferences(base: Preferences): Preferences {
  const currency = getCookie(PREFERENCE_COOKIES.pricingCurrency)
  return { ...base, pricingCurrency: isPricingCurrency(currency) ? currency : base.pricingCurrency }
}

/** h5 on phones and in app WebViews, web on desktops (§3 deviceType). */
function deviceType(): 'h5' | 'web' {
  return /Mobi|Android|iPhone|iPad/i.test(getRequestHeader('user-agent') ?? '') ? 'h5' : 'web'
}

export const getPreferences = createServerFn({ method: 'GET' })
  .validator(localeInput)
  .handler(async ({ data }): Promise<Preferences> => {
    const defaults = defaultPreferences(data.locale)
    if (!hasSession()) return browserPreferences(defaults)
    const envelope = await serverApi(data.locale)('/v2/users/membership/user-perfenerce/get')
    if (envelope.code === 401) clearSessionCookies()
    // §8: a failed load falls back silently to the locale's defaults.
    if (!isSuccess(envelope)) return browserPreferences(defaults)
    const userLanguage = field(envelope.data, 'userLanguage')
    const msgLanguage = field(envelope.data, 'msgLanguage')
    const pricingCurrency = field(envelope.data, 'pricingCurrency')
    const scientific = field(envelope.data, 'preferencesSettingInfo', 'scientificNotation')
    return {
      userLanguage: isLocaleCode(userLanguage) ? userLanguage : defaults.userLanguage,
      msgLanguage: isLocaleCode(msgLanguage) ? msgLanguage : defaults.msgLanguage,
      pricingCurrency: isPricingCurrency(pricingCurrency) ? pricingCurrency : defaults.pricingCurrency,
      scientificNotation: typeof scientific === 'boolean' ? scientific : defaults.scientificNotation,
      source: 'account',
    }
  })

export type SaveOutcome = { ok: true; synced: boolean } | { ok: false; reason: 'session-ended' | 'unavailable' }

export const savePreferences = createServerFn({ method: 'POST' })
  .validator(preferencesUpdateSchema)
  .handler(async ({ data }): Promise<SaveOutcome> => {
    const cookie = { path: '/', sameSite: 'lax', maxAge: COOKIES.localeMaxAgeSeconds } as const
    if (data.pricingCurrency) setCookie(PREFERENCE_COOKIES.pricingCurrency, data.pricingCurrency, cookie)
    if (!hasSession()) return { ok: true, synced: false }
    const { scientificNotation, ...rest } = data
    const body = {
      ...rest,
      deviceType: deviceType(),
      ...(scientificNotation === undefined ? {} : { preferencesSettingInfo: { scientificNotation } }),
    }
    const envelope = await serverApi()('/v2/users/membership/user-perfenerce/update', { method: 'POST', body })
    if (envelope.code === 401) {
      clearSessionCookies()
      return { ok: false, reason: 'session-ended' }
    }
    return isSuccess(envelope) ? { ok: true, synced: true } : { ok: false, reason: 'unavailable' }
  })

