/**
 * Setting up a copy of a lead trader: the settings form, the trader's last trade as this copy would
 * have placed it, the what-if replay, then a confirmation. Success lands on the new copy; a refusal
 * is said in words, on the refused fields where it names them, and the form keeps what was typed.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useStore } from '@tanstack/react-form'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { COPY } from '#/app.config.ts'
import type { LeaderDetail } from '#/contract/index.ts'
import { Money } from '#/contract/money.ts'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { notify } from '#/ui/toast.ts'
import { HelpLink, LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { copyRefusalText } from '../shared/refusal.texts.ts'
import { LeaderAvatar } from '../shared/LeaderAvatar.tsx'
import { leaderQueries } from '../shared/leader.queries.ts'
import { DEFAULT_PERIOD } from '../shared/period.ts'
import { useRefreshCopyQueries } from '../shared/copy.queries.ts'
import { myCopyQueries } from '../my-copy/my-copy.queries.ts'
import { ConfirmFollow } from './ConfirmFollow.tsx'
import { CopySettingsFields } from './CopySettingsFields.tsx'
import {
  emptySettings,
  fieldsOfPaths,
  hasErrors,
  toFollowRequest,
  validateSettings,
  type CopySettingsValues,
} from './copy-settings.ts'
import { LastTradePreview } from './LastTradePreview.tsx'
import { followLeader } from './setup.functions.ts'
import { setupQueries } from './setup.queries.ts'
import { markRefused, useCopySettingsForm } from './useCopySettingsForm.ts'
import { WhatIfPanel } from './WhatIfPanel.tsx'
import { trackFollow } from '#/features/analytics/index.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { InputRejected } from '#/lib/input-rejected.ts'

/** Why this user cannot copy this trader, instead of the form. */
function FollowBlocked({
  leader,
  reason,
}: {
  leader: LeaderDetail
  reason: Exclude<LeaderDetail['canFollow']['reason'], 'login' | null>
}) {
  const { i18n } = useLingui()
  const link = 'rounded-xl border border-line px-4 py-2 text-sm font-semibold hover:bg-sunken'
  return (
    <div
      role="status"
      className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-card p-6"
      data-testid="follow-blocked"
      data-reason={reason}
    >
      <p>{copyRefusalText(i18n, reason)}</p>
      {reason === 'already-copying' ? (
        <LocaleLink
          to="/{-$locale}/copy-trading/gemw/copy-detail/$"
          params={{ _splat: leader.leaderId }}
          className={link}
        >
          <Trans>See your copy</Trans>
        </LocaleLink>
      ) : (
        <LocaleLink to="/{-$locale}/copy-trading/gemw/$id" params={{ id: leader.leaderId }} className={link}>
          <Trans>Back to the trader</Trans>
        </LocaleLink>
      )}
    </div>
  )
}

function SetupForm({ leader }: { leader: LeaderDetail }) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const refresh = useRefreshCopyQueries()
  const { data: wallet } = useSuspenseQuery(setupQueries.availableUsdt())
  const available = wallet.status === 'ok' ? wallet.data : null
  const minimum = Money.max(leader.minCopyAmount, COPY.minInvestmentUsdt).toFixed()
  const [defaults] = useState(emptySettings)
  const [confirming, setConfirming] = useState<CopySettingsValues | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const flight = useSingleFlight()

  const form = useCopySettingsForm({
    defaultValues: defaults,
    context: { minimum, available },
    onSubmit: (values) => {
      setRefusal(null)
      setConfirming(values)
    },
  })
  const values = useStore(form.store, (s) => s.values)
  const valid = useMemo(
    () => (hasErrors(validateSettings(values, { minimum, available })) ? null : values),
    [values, minimum, available],
  )

  const follow = useMutation({
    mutationFn: (chosen: CopySettingsValues) => followLeader({ data: toFollowRequest(leader.leaderId, chosen) }),
  })
  const nickname = leader.nickname

  // A second click before the first answer sends nothing.
  const confirm = () =>
    flight.run(async () => {
      if (!confirming) return
      try {
        const result = await follow.mutateAsync(confirming)
        if (result.status === 'ok') {
          notify(t`You are now copying ${nickname}.`)
          trackFollow(leader.leaderId, { mode: confirming.mode, biz: leader.biz })
          // Away first: refreshed here, the trader would already say "you copy them" under the form.
          // A "not copying" answer kept from before must not greet the new copy.
          queryClient.removeQueries({ queryKey: myCopyQueries.detail(leader.leaderId).queryKey })
          await navigate({
            to: '/{-$locale}/copy-trading/gemw/copy-detail/$',
            params: (prev) => ({ ...prev, _splat: leader.leaderId }),
          })
          void refresh()
          return
        }
        setConfirming(null)
        setRefusal(copyRefusalText(i18n, result.reason))
        if (result.reason === 'invalid-input') markRefused(form, fieldsOfPaths(result.fields))
        else if (result.reason === 'below-minimum') markRefused(form, ['investment'], 'below-minimum')
        else if (result.reason === 'insufficient-balance') markRefused(form, ['investment'], 'above-balance')
        // The trader's state changed under the page (full, paused, already copied): show it as it is now.
        else await refresh()
      } catch (error) {
        setConfirming(null)
        // The server's validator refused a value the form let through: the fields it names are marked.
        if (error instanceof InputRejected) {
          setRefusal(copyRefusalText(i18n, 'invalid-input'))
          markRefused(form, fieldsOfPaths(error.fields.map((f) => f.field)))
        } else setRefusal(copyRefusalText(i18n, 'network'))
      }
    })

  const minimumText = format.usdt(minimum)
  const availableText = format.usdt(available)
  const share = format.ratio(leader.profitShareRate, 0)
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-card p-4">
        <LeaderAvatar src={leader.avatar} size={48} />
        <div className="flex min-w-0 flex-1 flex-col">
          <LocaleLink
            to="/{-$locale}/copy-trading/gemw/$id"
            params={{ id: leader.leaderId }}
            className="truncate text-lg font-semibold hover:underline"
            dir="auto"
          >
            {nickname}
          </LocaleLink>
          <span className="flex items-center gap-1.5 text-sm text-muted">
            <span>
              <Trans>
                Profit share <bdi dir="ltr">{share}</bdi> · minimum <bdi dir="ltr">{minimumText}</bdi> USDT
              </Trans>
            </span>
            <HelpLink to="profitShare" label={t`Learn more about profit share`} testId="help-profit-share" />
          </span>
        </div>
      </div>
      <Form className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]" onSubmit={() => form.handleSubmit()}>
        {/* Locked while the confirmation shows: what is confirmed is what is sent. */}
        <fieldset
          disabled={confirming !== null}
          className="flex min-w-0 flex-col gap-5 rounded-2xl border border-line bg-card p-4 disabled:opacity-80 sm:p-6"
        >
          <CopySettingsFields
            form={form}
            investmentLabel={t`Investment (USDT)`}
            investmentHint={available === null ? undefined : t`Available in your wallet: ${availableText} USDT`}
            minimum={minimumText}
          />
        </fieldset>
        <div className="flex flex-col gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <LastTradePreview leaderId={leader.leaderId} values={valid} />
          <WhatIfPanel leaderId={leader.leaderId} values={valid} />
        </div>
        {confirming ? (
          <ConfirmFollow
            leader={leader}
            values={confirming}
            pending={follow.isPending}
            onConfirm={() => void confirm()}
            onBack={() => setConfirming(null)}
          />
        ) : (
          <div className="flex flex-col gap-3">
            {refusal ? <FormError>{refusal}</FormError> : null}
            <SubmitButton pending={follow.isPending} className="sm:self-start">
              <Trans>Review and copy</Trans>
            </SubmitButton>
          </div>
        )}
      </Form>
    </div>
  )
}

export function CopySetupView({ leaderId }: { leaderId: string }) {
  // The route's loader has it, and answered 404 for a trader that does not exist.
  const { data: detail, refetch, isFetching } = useSuspenseQuery(leaderQueries.detail(leaderId, DEFAULT_PERIOD))
  const { t } = useLingui()
  if (detail.status !== 'ok') {
    return (
      <ErrorState
        message={t`This trader's page could not be loaded. Check your connection and try again.`}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  }
  const leader = detail.data
  const reason = leader.canFollow.reason
  if (!leader.canFollow.ok && reason !== null && reason !== 'login')
    return <FollowBlocked leader={leader} reason={reason} />
  return <SetupForm leader={leader} />
}
