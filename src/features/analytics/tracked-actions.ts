/**
 * The product's main actions as analytics events (issue 8 item 6), one helper each so components
 * add one call and every event keeps the same names. Page views are recorded by useAnalytics.
 */
import { clearIdentity, track } from './analytics.ts'

/** Right after the form succeeds: the event waits for the user id (login queue), then goes with it. */
export function trackLogin(accountType: 'email' | 'mobile') {
  track(
    'login',
    { module_name: 'auth', element_name: 'login_form', events_param: { accountType } },
    { needsLogin: true },
  )
}

export function trackRegister(accountType: 'email' | 'mobile') {
  track(
    'register',
    { module_name: 'auth', element_name: 'register_form', events_param: { accountType } },
    { needsLogin: true },
  )
}

/** §4: the logout is recorded as the user's, then the identity is cleared. */
export function trackLogout() {
  track('logout', { module_name: 'account_menu', element_name: 'log_out' })
  clearIdentity()
}

export function trackLanguageSwitch(from: string, to: string) {
  track('language_switch', { module_name: 'header', element_name: 'language_menu', events_param: { from, to } })
}

export function trackThemeSwitch(theme: string) {
  track('theme_switch', { module_name: 'header', element_name: 'theme_toggle', events_param: { theme } })
}

/** Following a lead trader (copy set-up confirmed). */
export function trackFollow(leaderId: string, params: Record<string, string | number | boolean> = {}) {
  track(
    'follow',
    { module_name: 'copy_trading', element_name: 'follow', events_param: { leaderId, ...params } },
    { needsLogin: true },
  )
}

/** Stopping a copy. */
export function trackCancelFollow(leaderId: string, params: Record<string, string | number | boolean> = {}) {
  track(
    'cancel_follow',
    { module_name: 'copy_trading', element_name: 'cancel_follow', events_param: { leaderId, ...params } },
    { needsLogin: true },
  )
}
