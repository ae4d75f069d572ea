import { useRouteContext, useRouter } from '@tanstack/react-router'
import { withLocalePrefix } from '../i18n/locales.ts'

/** For an action that needs a session: `true` when signed in, else off to the login page and back here. */
export function useLoginFirst(): () => boolean {
  const { shell, prefix } = useRouteContext({ from: '__root__' })
  const router = useRouter()
  return () => {
    if (shell.loggedIn) return true
    const here = router.state.location.href
    void router.navigate({ href: `${withLocalePrefix(prefix, '/login')}?redirectUrl=${encodeURIComponent(here)}` })
    return false
  }
}
