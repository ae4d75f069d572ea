import { useRouteContext, useRouter } from '@tanstack/react-router'

/** For an action that needs a session: `true` when signed in, else off to the login page and back here. */
export function useLoginFirst(): () => boolean {
  const { shell } = useRouteContext({ from: '__root__' })
  const router = useRouter()
  return () => {
    if (shell.loggedIn) return true
    // The router keeps the page's locale param, so the login page is in the page's language.
    void router.navigate({ to: '/{-$locale}/login', search: { redirectUrl: router.state.location.href } })
    return false
  }
}
