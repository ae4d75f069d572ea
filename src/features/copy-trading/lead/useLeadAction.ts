/**
 * One leader-centre action: a server function answering `Sent<T>`, a toast for either outcome, and
 * every copy-trading query refreshed after it (the leader's figures show on the public pages too).
 * The caller disables its button while `isPending`, so a double click sends once.
 */
import type { I18n } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import type { ErrorReason } from '#/contract/index.ts'
import { notify } from '#/ui/toast.ts'
import type { Sent } from '#/exchange-client/index.ts'
import { copyRefusalText } from '../shared/refusal.texts.ts'
import { useRefreshCopyQueries } from '../shared/copy.queries.ts'

type Reason = ErrorReason | 'network'

export interface LeadActionTexts<TData> {
  done: (data: TData) => string
  /** A text of this action's own for a reason, where the shared one would mislead. */
  refused?: (reason: Reason) => string | undefined
}

export function refusalOf(i18n: I18n, reason: Reason, own?: (reason: Reason) => string | undefined): string {
  return own?.(reason) ?? copyRefusalText(i18n, reason)
}

export function useLeadAction<TInput, TData>(
  run: (input: TInput) => Promise<Sent<TData>>,
  texts: LeadActionTexts<TData>,
) {
  const { i18n } = useLingui()
  const refresh = useRefreshCopyQueries()
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      if (result.status === 'ok') notify(texts.done(result.data))
      else notify(refusalOf(i18n, result.reason, texts.refused), 'error')
      await refresh()
    },
    onError: () => notify(copyRefusalText(i18n, 'network'), 'error'),
  })
}
