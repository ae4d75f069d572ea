/**
 * The analytics part of the page API native shells call (window.TandemWeb, installed by the device
 * agent): read the user's analytics choice, and set it when the shell asks the user itself.
 */
import { isConsentChoice, readConsent, type ConsentChoice } from './analytics-consent.ts'
import { setAnalyticsConsent } from './analytics.ts'

export const analyticsPageApi = {
  /** 'in', 'out', or null while the user has made no choice. */
  analyticsConsent: (): ConsentChoice | null => readConsent() ?? null,
  /** Anything but 'in' or 'out' is refused with the reason, and changes nothing. */
  setAnalyticsConsent: (choice: unknown): ConsentChoice => {
    if (!isConsentChoice(choice)) throw new TypeError(`analytics consent must be 'in' or 'out', got ${String(choice)}`)
    setAnalyticsConsent(choice)
    return choice
  },
}
