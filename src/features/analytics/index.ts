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
