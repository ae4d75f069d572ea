/**
 * My copy's settings, editable: the set-up's fields with the investment as the new total (the
 * difference moves between wallet and copy), and pausing or resuming the copy. A limit once set
 * can be changed but not removed (the exchange's settings update has no way to clear it).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { COPY } from '#/app.config.ts'
import type { MyCopyDetail } from '#/contract/index.ts'
import { Money } from '#/contract/money.ts'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { notify } from '#/ui/toast.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { copyRefusalText } from '../shared/refusal.texts.ts'
import { leaderQueries } from '../shared/leader.queries.ts'
import { DEFAULT_PERIOD } from '../shared/period.ts'
import { useRefreshCopyQueries } from '../shared/copy.queries.ts'
import { CopySettingsFields } from './CopySettingsFields.tsx'
import { fieldsOfPaths, toSettingsUpdate, valuesFromCopy, type CopySettingsValues } from './copy-settings.ts'
import { updateCopySettings } from './setup.functions.ts'
import { setupQueries } from './setup.queries.ts'
import { markRefused, useCopySettingsForm } from './useCopySettingsForm.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { InputRejected } from '#/lib/input-rejected.ts'

function PauseResume({ leaderId, paused }: { leaderId: string; paused: boolean }) {
  const { t, i18n } = useLingui()
  const refresh = useRefreshCopyQueries()
  const change = useMutation({
    mutationFn: () => updateCopySettings({ data: { leaderId, update: { status: paused ? 'active' : 'paused' } } }),
    onSuccess: async (result) => {
      if (result.status === 'ok')
        notify(paused ? t`Copying resumed.` : t`Copying paused: new trades are not copied; closes still are.`)
      else notify(copyRefusalText(i18n, result.reason), 'error')
      await refresh()
    },
    onError: () => notify(copyRefusalText(i18n, 'network'), 'error'),
  })
  return (
    <button
      type="button"
      disabled={change.isPending}
      onClick={() => change.mutate()}
      data-testid="pause-copy"
      className="rounded-xl border border-line px-4 py-2 text-sm font-semibold hover:bg-sunken disabled:opacity-50"
    >
      {paused ? <Trans>Resume copying</Trans> : <Trans>Pause copying</Trans>}
    </button>
  )
}

export function EditCopySettings({ copy }: { copy: MyCopyDetail }) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const refresh = useRefreshCopyQueries()
  const leaderId = copy.settings.leaderId
  // The trader's minimum: my copy's loader has the trader.
  const { data: leader } = useSuspenseQuery(leaderQueries.detail(leaderId, DEFAULT_PERIOD))
  const { data: wallet } = useQuery(setupQueries.availableUsdt())
  const current = useMemo(() => valuesFromCopy(copy.settings), [copy.settings])
  const available = wallet?.status === 'ok' ? wallet.data : null
  const minimum = Money.max(leader.status === 'ok' ? leader.data.minCopyAmount : '0', COPY.minInvestmentUsdt).toFixed()
  const [refusal, setRefusal] = useState<string | null>(null)
  const flight = useSingleFlight()

  const save = (values: CopySettingsValues) =>
    flight.run(async () => {
      setRefusal(null)
      try {
        const result = await updateCopySettings({ data: { leaderId, update: toSettingsUpdate(values, current) } })
        if (result.status === 'ok') {
          notify(t`Your copy settings are saved.`)
          await refresh()
          return
        }
        setRefusal(copyRefusalText(i18n, result.reason))
        if (result.reason === 'invalid-input') markRefused(form, fieldsOfPaths(result.fields))
        else if (result.reason === 'below-minimum') markRefused(form, ['investment'], 'below-minimum')
        else if (result.reason === 'insufficient-balance') markRefused(form, ['investment'], 'above-balance')
      } catch (error) {
        // The server's validator refused a value the form let through: the fields it names are marked.
        if (error instanceof InputRejected) {
          setRefusal(copyRefusalText(i18n, 'invalid-input'))
          markRefused(form, fieldsOfPaths(error.fields.map((f) => f.field.replace(/^update\./, ''))))
        } else setRefusal(copyRefusalText(i18n, 'network'))
      }
    })
  const form = useCopySettingsForm({
    defaultValues: current,
    context: { minimum, available, current, free: copy.account.balance },
    onSubmit: save,
  })

  const availableText = format.usdt(available)
  const freeText = format.usdt(copy.account.balance)
  const paused = copy.account.status === 'paused'
  return (
    <section
      aria-labelledby="edit-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 sm:p-6"
      data-testid="edit-copy"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="edit-title" className="text-lg font-semibold">
          <Trans>Copy settings</Trans>
        </h3>
        <PauseResume leaderId={leaderId} paused={paused} />
      </div>
      {paused ? (
        <p role="status" className="rounded-lg bg-sunken px-3 py-2 text-sm">
          <Trans>This copy is paused: the trader's new trades are not copied, and their closes still are.</Trans>
        </p>
      ) : null}
      <Form className="flex max-w-3xl flex-col gap-5" onSubmit={() => form.handleSubmit()}>
        <CopySettingsFields
          form={form}
          investmentLabel={t`Total investment (USDT)`}
          investmentHint={
            available === null
              ? undefined
              : t`Free in the copy: ${freeText} USDT · in your wallet: ${availableText} USDT`
          }
          minimum={format.usdt(minimum)}
        />
        {refusal ? <FormError>{refusal}</FormError> : null}
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <SubmitButton pending={submitting} className="sm:self-start">
              <Trans>Save settings</Trans>
            </SubmitButton>
          )}
        </form.Subscribe>
      </Form>
    </section>
  )
}
