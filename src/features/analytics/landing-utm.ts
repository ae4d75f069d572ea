/**
 * The utm parameters of the landing URL (§3, §7): read once per tab session and kept in session
 * storage, so every later event and statistics call of the visit carries them.
 */
import { ANALYTICS } from '#/app.config.ts'

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
const UTM_STORAGE = 'tandem:utm'

export type LandingUtm = Partial<Record<(typeof UTM_KEYS)[number], string>>

function pick(read: (key: string) => unknown): LandingUtm {
  return Object.fromEntries(
    UTM_KEYS.flatMap((k) => {
      const v = read(k)
      return typeof v === 'string' && v !== '' ? [[k, v.slice(0, ANALYTICS.utmMaxLength)]] : []
    }),
  )
}

function stored(): LandingUtm | undefined {
  try {
    const text = sessionStorage.getItem(UTM_STORAGE)
    if (text === null) return undefined
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null ? pick((k) => Reflect.get(parsed, k)) : undefined
  } catch {
    return undefined
  }
}

export function landingUtm(): LandingUtm {
  const kept = stored()
  if (kept) return kept
  const params = new URLSearchParams(location.search)
  const utm = pick((k) => params.get(k))
  try {
    sessionStorage.setItem(UTM_STORAGE, JSON.stringify(utm))
  } catch {
    // Without session storage the landing URL's parameters last for this page only.
  }
  return utm
}
