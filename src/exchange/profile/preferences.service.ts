/** Per-user preferences (§3): languages, pricing currency, device, scientific notation. */
import { eq } from 'drizzle-orm'
import type { LocaleCode } from '#/app.config.ts'
import type { PreferencesRecord, UpdatePreferencesRequest } from '#/contract/index.ts'
import { DEFAULT_PREFERENCES } from '../accounts/accounts.service.ts'
import { isLocaleCode } from '../activity/global-config.ts'
import type { Database } from '../db/client.ts'
import { preferences } from '../db/schema.ts'

type Row = typeof preferences.$inferSelect

/** Reads defensively: a value edited by hand into something unknown shows as the default. */
function toRecord(row: Row | undefined): PreferencesRecord {
  const locale = (value: string | undefined, fallback: LocaleCode) => (isLocaleCode(value) ? value : fallback)
  return {
    userLanguage: locale(row?.userLanguage, DEFAULT_PREFERENCES.userLanguage),
    msgLanguage: locale(row?.msgLanguage, DEFAULT_PREFERENCES.msgLanguage),
    pricingCurrency:
      row && /^[A-Z]{3}$/.test(row.pricingCurrency) ? row.pricingCurrency : DEFAULT_PREFERENCES.pricingCurrency,
    preferencesSettingInfo: { scientificNotation: row?.scientificNotation ?? DEFAULT_PREFERENCES.scientificNotation },
    deviceType: row?.deviceType ?? null,
  }
}

export async function getPreferences(db: Database, userId: number): Promise<PreferencesRecord> {
  const [row] = await db.select().from(preferences).where(eq(preferences.userId, userId)).limit(1)
  return toRecord(row)
}

export async function updatePreferences(
  db: Database,
  userId: number,
  patch: UpdatePreferencesRequest,
  now: Date,
): Promise<PreferencesRecord> {
  const changes = {
    ...(patch.userLanguage !== undefined && { userLanguage: patch.userLanguage }),
    ...(patch.msgLanguage !== undefined && { msgLanguage: patch.msgLanguage }),
    ...(patch.pricingCurrency !== undefined && { pricingCurrency: patch.pricingCurrency }),
    ...(patch.deviceType !== undefined && { deviceType: patch.deviceType }),
    ...(patch.preferencesSettingInfo !== undefined && {
      scientificNotation: patch.preferencesSettingInfo.scientificNotation,
    }),
    updatedAt: now,
  }
  // One statement whether or not the row exists yet, so two first saves cannot collide.
  const [row] = await db
    .insert(preferences)
    .values({ userId, ...DEFAULT_PREFERENCES, ...changes })
    .onConflictDoUpdate({ target: preferences.userId, set: changes })
    .returning()
  return toRecord(row)
}
