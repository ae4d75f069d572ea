/**
 * What happens on the client when a session starts or ends (§4): the shell state follows, and on
 * a 401 every stored menu datum goes with the cookies (which the server already cleared).
 */
import { readCookie } from '#/lib/cookies.ts'
import { tabsListStore, USER_LOCAL_KEYS, userMenuStore } from '#/features/state/index.ts'

/** §3 local-storage keys that describe the signed-in user. */
const USER_STORAGE_KEYS = ['userMenu', 'tabsList', ...USER_LOCAL_KEYS] as const

export function clearStoredUserData() {
  if (typeof window === 'undefined') return
  // The stores that keep two of these keys forget them too (their change would write them back).
  userMenuStore.setState(() => null)
  tabsListStore.setState(() => [])
  for (const key of USER_STORAGE_KEYS) localStorage.removeItem(key)
}

/**
 * The server ends sessions too (a 401 while rendering a page): it leaves a `session_ended` cookie,
 * and the page that loads next clears what this browser stored about the user.
 */
export function clearDataOfEndedSession() {
  if (readCookie('session_ended') !== '1') return
  clearStoredUserData()
  document.cookie = 'session_ended=; Path=/; Max-Age=0; SameSite=Lax'
}
