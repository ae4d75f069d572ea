/**
 * The global config table: operator-editable flags and lists, keyed by name. Every key has a
 * default in code, so a missing row never breaks a call; start-up writes the defaults once.
 */
import { inArray } from 'drizzle-orm'
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '#/app.config.ts'
import type { GlobalConfig } from '#/contract/index.ts'
import type { Database } from '../db/client.ts'
import { globalConfig } from '../db/schema.ts'

const ALL_LOCALES: LocaleCode[] = LOCALES.map((locale) => locale.code)
const LOCALE_SET = new Set<string>(ALL_LOCALES)

export const CONFIG_DEFAULTS = {
  Hbt_Switch: 'true',
  futuresMenu: 'true',
  p2pMenu: 'true',
  /** JSON array of the locale codes offered to visitors. */
  lang_whitelist: JSON.stringify(ALL_LOCALES),
} as const

export type ConfigKey = keyof typeof CONFIG_DEFAULTS
export type ConfigValues = Record<ConfigKey, string>
const CONFIG_KEYS = Object.keys(CONFIG_DEFAULTS)

export async function readConfig(db: Database): Promise<ConfigValues> {
  const rows = await db
    .select({ key: globalConfig.key, value: globalConfig.value })
    .from(globalConfig)
    .where(inArray(globalConfig.key, CONFIG_KEYS))
  const stored = new Map(rows.map((row) => [row.key, row.value]))
  const value = (key: ConfigKey) => stored.get(key) ?? CONFIG_DEFAULTS[key]
  return {
    Hbt_Switch: value('Hbt_Switch'),
    futuresMenu: value('futuresMenu'),
    p2pMenu: value('p2pMenu'),
    lang_whitelist: value('lang_whitelist'),
  }
}

/** The flag keys among the defaults: those stored as 'true' / 'false' (the language list is not one). */
const FLAG_DEFAULTS = Object.entries(CONFIG_DEFAULTS).flatMap(
  ([key, value]): { key: string; value: 'true' | 'false' }[] =>
    value === 'true' || value === 'false' ? [{ key, value }] : [],
)

/**
 * Every flag of the table (§3 global config map): the known ones, each through its default, and any an operator
 * added, when stored as exactly 'true' or 'false'. Other rows (lists, texts) are not flags and are left out.
 */
export async function readFlags(db: Database): Promise<GlobalConfig> {
  const rows = await db.select({ key: globalConfig.key, value: globalConfig.value }).from(globalConfig)
  const flags: GlobalConfig = {}
  for (const row of rows) if (row.value === 'true' || row.value === 'false') flags[row.key] = row.value
  for (const known of FLAG_DEFAULTS) {
    const stored = rows.find((row) => row.key === known.key)?.value
    flags[known.key] = flag(stored ?? known.value, known.value)
  }
  return flags
}

/** 'true' or 'false' exactly: every other stored text reads as the default. */
export function flag(value: string, fallback: 'true' | 'false'): 'true' | 'false' {
  return value === 'true' || value === 'false' ? value : fallback
}

export function isLocaleCode(code: unknown): code is LocaleCode {
  return typeof code === 'string' && LOCALE_SET.has(code)
}

/** Known locale codes from a stored JSON list, in order, without duplicates; all locales if unreadable. */
export function localeList(stored: unknown): LocaleCode[] {
  let parsed: unknown = stored
  if (typeof stored === 'string') {
    try {
      parsed = JSON.parse(stored)
    } catch {
      return [...ALL_LOCALES]
    }
  }
  if (!Array.isArray(parsed)) return [...ALL_LOCALES]
  const codes = parsed.filter(isLocaleCode)
  // An empty list would leave the language picker with nothing: the default language always remains.
  return codes.length > 0 ? [...new Set(codes)] : [DEFAULT_LOCALE]
}

/** Writes missing defaults; never overwrites what an operator set. */
export async function ensureConfigDefaults(db: Database): Promise<void> {
  const rows = Object.entries(CONFIG_DEFAULTS).map(([key, value]) => ({ key, value }))
  await db.insert(globalConfig).values(rows).onConflictDoNothing()
}
