/** Where the client loads a locale's compiled catalog from: a hashed, immutable asset of the client build. */
import { catalogAssetUrl as builtUrl } from 'virtual:catalog-assets'
import type { LocaleCode } from '#/app.config.ts'

export function catalogAssetUrl(locale: LocaleCode): string {
  const url = builtUrl(locale)
  if (!url) throw new Error(`The client build has no catalog for locale ${locale}`)
  return url
}
