/**
 * Loads the ALTCHA widget when a form first shows it (from an effect, so in the browser only): the custom element, its
 * styles, its SHA-256 worker (a file of our own origin, so the page's CSP needs no blob: workers) and the one widget
 * language the page needs.
 */
import type { VerificationWidgetLanguage } from '#/app.config.ts'

/** The widget's own strings per §9 language code; typed by the language list, so none can be missing. */
const LANGUAGES: Record<VerificationWidgetLanguage, () => Promise<unknown>> = {
  en: () => import('altcha/i18n/en'),
  'zh-cn': () => import('altcha/i18n/zh-cn'),
  'zh-tw': () => import('altcha/i18n/zh-tw'),
  ko: () => import('altcha/i18n/ko'),
  vi: () => import('altcha/i18n/vi'),
  tr: () => import('altcha/i18n/tr'),
  'pt-pt': () => import('altcha/i18n/pt-pt'),
  ru: () => import('altcha/i18n/ru'),
  uk: () => import('altcha/i18n/uk'),
  ja: () => import('altcha/i18n/ja'),
  'fr-fr': () => import('altcha/i18n/fr-fr'),
  'es-es': () => import('altcha/i18n/es-es'),
  ar: () => import('altcha/i18n/ar'),
}

let widget: Promise<void> | undefined

async function loadWidget(): Promise<void> {
  await import('altcha/altcha.css')
  await import('altcha/external')
  const { default: ShaWorker } = await import('altcha/workers/sha?worker')
  globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker())
}

export async function loadAltcha(language: VerificationWidgetLanguage): Promise<void> {
  widget ??= loadWidget()
  await Promise.all([widget, LANGUAGES[language]()])
}
