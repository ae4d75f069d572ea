/**
 * The §3 local-storage keys a native shell reads (its WebView shares the page's storage): their names and shapes in
 * one place. The page writes each when what it holds changes and reads it back through here; nothing else touches
 * these keys.
 *
 * - `language`: the page's language code (`ar_AE`).
 * - `{product}_LANGUAGE` (`tandem_LANGUAGE`): the selected language of §3, `{ name, lang, fiatCurrency }` in JSON.
 * - `availableLanguage`: the codes this visitor or user may choose from (§6), in JSON.
 * - `userAnchorInfo`: the signed-in user's KOL ("anchor") application, `{ id, status, updatedAt }` in JSON; absent
 *   when they have none. It describes the user, so it goes when their session ends.
 * - `preferencesSetScientific`: a visitor's scientific-notation choice, 'indent' (on) or 'normal' (off) (§4).
 */
import { useMemo, useSyncExternalStore } from 'react'
import { z } from 'zod/mini'
import { LOCALES, type LocaleCode } from '#/app.config.ts'
import { APPLICATION_STATUSES } from '#/contract/index.ts'
import { localeInfo } from '#/lib/locale.ts'

const localeCode = z.enum(LOCALES.map((l) => l.code))

/** §3 selected language. */
export interface SelectedLanguage {
  name: string
  lang: LocaleCode
  fiatCurrency: string
}

const userAnchorInfoSchema = z.object({ id: z.string(), status: z.enum(APPLICATION_STATUSES), updatedAt: z.string() })
export type UserAnchorInfo = z.infer<typeof userAnchorInfoSchema>

export const LOCAL_KEYS = {
  language: 'language',
  availableLanguage: 'availableLanguage',
  userAnchorInfo: 'userAnchorInfo',
  productLanguage: (product: string) => `${product}_LANGUAGE`,
  scientific: 'preferencesSetScientific',
} as const

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage
}

const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

/** Writes only a changed value, so a page load that changes nothing stores nothing (and fires no storage event). */
function put(key: string, value: string | null) {
  const local = storage()
  if (!local || local.getItem(key) === value) return
  if (value === null) local.removeItem(key)
  else local.setItem(key, value)
  for (const listener of listeners) listener()
}

function parseJson<T>(raw: string | null, schema: z.ZodMiniType<T>): T | undefined {
  if (raw === null) return undefined
  try {
    const parsed = schema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** A stored text as React reads it: null on the server and while hydrating (no mismatch), then the stored one. */
function useStoredText(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(key),
    () => null,
  )
}

function useStoredJson<T>(key: string, schema: z.ZodMiniType<T>): T | undefined {
  const raw = useStoredText(key)
  return useMemo(() => parseJson(raw, schema), [raw, schema])
}

/** The language the page shows, under both of its keys. */
export function storeLanguage(locale: LocaleCode, product: string) {
  const { label, fiatCurrency } = localeInfo(locale)
  const selected: SelectedLanguage = { name: label, lang: locale, fiatCurrency }
  put(LOCAL_KEYS.language, locale)
  put(LOCAL_KEYS.productLanguage(product), JSON.stringify(selected))
}

export function storeAvailableLanguages(codes: readonly LocaleCode[]) {
  put(LOCAL_KEYS.availableLanguage, JSON.stringify(codes))
}

const localeCodes = z.array(localeCode)

export function useStoredAvailableLanguages(): LocaleCode[] | undefined {
  return useStoredJson(LOCAL_KEYS.availableLanguage, localeCodes)
}

/** The user's KOL application as last read, or none (the key removed). */
export function storeUserAnchorInfo(application: UserAnchorInfo | null) {
  put(
    LOCAL_KEYS.userAnchorInfo,
    application === null
      ? null
      : JSON.stringify({ id: application.id, status: application.status, updatedAt: application.updatedAt }),
  )
}

export function useStoredUserAnchorInfo(): UserAnchorInfo | undefined {
  return useStoredJson(LOCAL_KEYS.userAnchorInfo, userAnchorInfoSchema)
}

/** A visitor's scientific-notation choice, or undefined when they have made none (and on the server). */
export function useStoredScientific(): boolean | undefined {
  const stored = useStoredText(LOCAL_KEYS.scientific)
  return stored === null ? undefined : stored !== 'normal'
}

export function storeScientific(on: boolean) {
  put(LOCAL_KEYS.scientific, on ? 'indent' : 'normal')
}

/** The keys that describe the signed-in user, which go with the session (with `userMenu` and `tabsList`). */
export const USER_LOCAL_KEYS = [LOCAL_KEYS.availableLanguage, LOCAL_KEYS.userAnchorInfo] as const
