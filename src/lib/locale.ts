import { DEFAULT_LOCALE, LOCALES, VERIFICATION_WIDGET, type LocaleCode, type LocaleInfo } from '#/app.config.ts'

const byLowerCode = new Map<string, LocaleInfo & { code: LocaleCode }>(LOCALES.map((l) => [l.code.toLowerCase(), l]))

/** The locale a path segment names, matched case-insensitively (`zh_cn` → `zh_CN`). */
export function findLocale(segment: string | undefined): LocaleCode | undefined {
  if (!segment) return undefined
  return byLowerCode.get(segment.toLowerCase())?.code
}

export function isLocaleCode(value: string): value is LocaleCode {
  return LOCALES.some((l) => l.code === value)
}

export function localeInfo(code: LocaleCode): LocaleInfo {
  return byLowerCode.get(code.toLowerCase()) ?? LOCALES[0]
}

type VerificationWidgetInfo = (typeof VERIFICATION_WIDGET)[keyof typeof VERIFICATION_WIDGET]
const widgetByLowerCode = new Map<string, VerificationWidgetInfo>(
  Object.entries(VERIFICATION_WIDGET).map(([code, widget]) => [code.toLowerCase(), widget]),
)

/** §9: the verification widget's language code and title for a locale (English for an unknown one). */
export function verificationWidget(code: string): VerificationWidgetInfo {
  return widgetByLowerCode.get(code.toLowerCase()) ?? VERIFICATION_WIDGET.en_US
}

export interface LocatedPath {
  /** The locale the path is in (en_US when it has no prefix). */
  locale: LocaleCode
  /** The prefix segment as the URL should spell it, or undefined for an unprefixed (English) path. */
  prefix: LocaleCode | undefined
  /** The path without its locale prefix, always starting with '/'. */
  rest: string
}

/** Splits `/zh_CN/copy-trading` into its locale and the rest of the path. */
export function locatePath(pathname: string): LocatedPath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname)
  const prefix = findLocale(match?.[1])
  if (!prefix) return { locale: DEFAULT_LOCALE, prefix: undefined, rest: pathname || '/' }
  return { locale: prefix, prefix, rest: match?.[2] ?? '/' }
}

/** Joins a locale prefix (or none) and a path that starts with '/'. */
export function withLocalePrefix(prefix: LocaleCode | undefined, path: string): string {
  if (!prefix) return path
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`
}

/** The canonical public URL path of a page in a locale: English without a prefix. */
export function localizedPath(locale: LocaleCode, rest: string): string {
  return withLocalePrefix(locale === DEFAULT_LOCALE ? undefined : locale, rest)
}
