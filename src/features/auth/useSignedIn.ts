import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { withLocalePrefix } from '#/lib/locale.ts'
import { signInClientShell } from '#/features/state/index.ts'
import { accountQueries } from './account.queries.ts'
import type { LocaleCode } from '#/app.config.ts'

/** After login or registration: the shell turns signed-in and the user goes where they were headed. */
export function useSignedIn(prefix: LocaleCode | undefined) {
  const router = useRouter()
  const queryClient = useQueryClient()
  return async (returnTo: string | undefined) => {
    signInClientShell()
    await queryClient.invalidateQueries({ queryKey: accountQueries.all })
    await router.invalidate()
    await router.navigate({ href: returnTo ?? withLocalePrefix(prefix, '/'), replace: true })
  }
}
