import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { withLocalePrefix } from '#/lib/locale.ts'
import { signInClientShell } from '#/features/state/index.ts'
import type { LocaleCode } from '#/app.config.ts'

/** After login or registration: the shell turns signed-in and the user goes where they were headed. */
export function useSignedIn(prefix: LocaleCode | undefined) {
  const router = useRouter()
  const queryClient = useQueryClient()
  return async (returnTo: string | undefined) => {
    signInClientShell()
    // Everything cached so far was read as a visitor (the account state, preferences for the number format, watch
    // states…): read it again as the user, or a new device shows the visitor's pricing currency until a reload.
    await queryClient.invalidateQueries()
    await router.invalidate()
    await router.navigate({ href: returnTo ?? withLocalePrefix(prefix, '/'), replace: true })
  }
}
