/** The analytics feature's front door: what routes and other features may use of it. */
export {
  trackCancelFollow,
  trackFollow,
  trackLanguageSwitch,
  trackLogin,
  trackLogout,
  trackRegister,
  trackThemeSwitch,
} from './tracked-actions.ts'
export { useAnalytics } from './useAnalytics.ts'
export { AnalyticsConsentBanner } from './AnalyticsConsentBanner.tsx'
export { AnalyticsConsentSetting } from './AnalyticsConsentSetting.tsx'
export { analyticsPageApi } from './analytics-page-api.ts'
