/**
 * My copy of a lead trader: its figures, the open copied positions with live marks and
 * unrealized PnL, the closed ones, the copies that were skipped and why, and stopping the copy
 * (closing its positions at the market, or keeping them).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { COPY } from '#/app.config.ts'
import type { CopySkip, MyCopyDetail } from '#/contract/index.ts'
import { notify } from '#/ui/toast.ts'
import { trackCancelFollow } from '#/features/analytics/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { copyRefusalText } from '../shared/refusal.texts.ts'
import { LeaderAvatar } from '../shared/LeaderAvatar.tsx'
import { leaderQueries } from '../shared/leader.queries.ts'
import { DEFAULT_PERIOD } from '../shared/period.ts'
import { WatchButton } from '../shared/LeaderReactions.tsx'
import { LivePositions } from '../shared/LivePositions.tsx'
import { FigureGrid, type Figure } from '../shared/FigureGrid.tsx'
import { useRefreshCopyQueries } from '../shared/copy.queries.ts'
import { toneOf } from '../shared/tone.ts'
import { cancelMyCopy } from './my-copy.functions.ts'
import { myCopyQueries } from './my-copy.queries.ts'
import { PositionHistory } from '../shared/PositionHistory.tsx'
import { EditCopySettings } from '../setup/EditCopySettings.tsx'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'
import { ConfirmAction } from '../lead/ConfirmAction.tsx'
import { END_REASON_LABELS, UNKNOWN_END_REASON } from '../my-copies/my-copies.texts.ts'

function SkipReason({ reason }: { reason: CopySkip['reason'] }) {
  const format = useNumberFormat()
  switch (reason) {
    case 'insufficient-balance':
      return <Trans>Not enough balance in the copy</Trans>
    case 'below-minimum-size':
      return <Trans>Smaller than the minimum order</Trans>
    case 'paused':
      return <Trans>Your copy was paused</Trans>
    case 'instrument-not-allowed':
      return <Trans>The trader does not share this market</Trans>
    case 'depth':
      return <Trans>The order book ran out before all of it was copied</Trans>
    case 'slippage': {
      const cap = format.ratio(COPY.slippageCap, 1)
      return <Trans>The book’s price was more than {cap} worse than the trader’s: not all of it was copied</Trans>
    }
    case 'position-bracket':
      return (
        <Trans>At this leverage the position would be larger than the pair allows: lower the copy’s leverage</Trans>
      )
  }
}

function StopCopy({ copy }: { copy: MyCopyDetail }) {
  const { t, i18n } = useLingui()
  const refresh = useRefreshCopyQueries()
  const [close, setClose] = useState(true)
  const leaderId = copy.account.leaderId
  const stop = useMutation({
    mutationFn: () => cancelMyCopy({ data: { leaderId, closePositions: close } }),
    onSuccess: async (result) => {
      if (result.status === 'ok') {
        notify(t`You stopped copying this trader.`)
        trackCancelFollow(leaderId, { closePositions: close })
      } else notify(copyRefusalText(i18n, result.reason), 'error')
      await refresh()
    },
    onError: () => notify(t`The copy could not be stopped. Please try again.`, 'error'),
  })
  const open = copy.openPositions.length
  const nickname = copy.account.nickname
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4">
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="mb-1 font-semibold">
          <Trans>Stop copying</Trans>
        </legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="close" checked={close} onChange={() => setClose(true)} />
          <Trans>Close the copied positions at the market price</Trans>
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="close" checked={!close} onChange={() => setClose(false)} />
          <Trans>Keep them open and manage them myself</Trans>
        </label>
      </fieldset>
      <div className="self-start">
        <ConfirmAction
          label={t`Stop copying`}
          title={t`Stop copying ${nickname}?`}
          pending={stop.isPending}
          onConfirm={() => stop.mutateAsync()}
          testId="stop-copy"
        >
          <p data-testid="stop-copy-consequence">
            {close ? (
              <Trans>
                The copy’s open positions ({open}) are closed at the market price now, and the trader’s next trades are
                no longer copied.
              </Trans>
            ) : (
              <Trans>
                The copy’s open positions ({open}) stay open, no longer following the trader: you close them yourself.
                The trader’s next trades are no longer copied.
              </Trans>
            )}
          </p>
        </ConfirmAction>
      </div>
    </section>
  )
}

export function MyCopyView({ leaderId }: { leaderId: string }) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const dates = useDateTimeFormat('minute')
  // The route's loader has both (the router lets only a leader id through).
  const { data } = useSuspenseQuery(myCopyQueries.detail(leaderId))
  // The leader's card says whether the user watches them.
  const { data: leader } = useSuspenseQuery(leaderQueries.detail(leaderId, DEFAULT_PERIOD))
  // Not a missing page: the trader may well exist, and this page is where a new copy lands.
  if (data.status === 'not-found') {
    return (
      <p className="rounded-xl border border-line bg-card px-4 py-6 text-center text-muted">
        <Trans>You do not copy this trader.</Trans>
      </p>
    )
  }
  if (data.status !== 'ok') return null
  const copy = data.data
  const a = copy.account
  const stopped = a.status === 'cancelled'
  const live: Figure[] = stopped
    ? []
    : [
        { label: t`Available (USDT)`, value: format.usdt(a.balance) },
        { label: t`Margin in positions (USDT)`, value: format.usdt(a.margin) },
      ]
  const figures: Figure[] = [
    {
      label: t`Net profit (USDT)`,
      value: format.number(a.net, { digits: 2, signed: true }),
      tone: toneOf(a.net),
      info: 'followerPnl',
    },
    { label: t`ROI`, value: format.percent(a.roi), tone: toneOf(a.roi), info: 'followerRoi' },
    { label: t`Invested (USDT)`, value: format.usdt(a.investment) },
    ...live,
    {
      label: t`Realized PnL (USDT)`,
      value: format.number(a.realizedPnl, { digits: 2, signed: true }),
      tone: toneOf(a.realizedPnl),
      info: 'realizedPnl',
    },
    ...(stopped
      ? []
      : [
          {
            label: t`Unrealized PnL (USDT)`,
            value: format.number(a.unrealizedPnl, { digits: 2, signed: true }),
            tone: toneOf(a.unrealizedPnl),
            info: 'unrealizedPnl' as const,
          },
        ]),
    { label: t`Profit share paid (USDT)`, value: format.usdt(a.profitSharePaid), info: 'profitShare' },
    { label: t`Profit share rate`, value: format.ratio(a.profitShareRate) },
  ]
  const nickname = a.nickname
  const endedOn = a.endedAt === null ? null : dates.format(a.endedAt)
  const endReason = i18n._(a.endReason === null ? UNKNOWN_END_REASON : END_REASON_LABELS[a.endReason])
  return (
    <div className="flex flex-col gap-8" data-testid="my-copy" data-status={a.status}>
      <section className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <LeaderAvatar src={a.avatar} size={40} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h2 className="text-xl font-semibold">
              <LocaleLink
                to="/{-$locale}/copy-trading/gemw/$id"
                params={{ id: a.leaderId }}
                className="hover:underline"
              >
                {stopped ? (
                  <Trans>
                    You copied <bdi>{nickname}</bdi>
                  </Trans>
                ) : (
                  <Trans>
                    Copying <bdi>{nickname}</bdi>
                  </Trans>
                )}
              </LocaleLink>
            </h2>
            {stopped ? (
              <p className="text-sm text-muted" data-testid="copy-ended">
                {endedOn === null ? endReason : <Trans>Stopped on {endedOn}</Trans>}
                {endedOn === null ? null : <span> · {endReason}</span>}
              </p>
            ) : null}
          </div>
          <WatchButton
            leaderId={a.leaderId}
            nickname={nickname}
            watched={leader.status === 'ok' ? leader.data.watched : null}
          />
        </div>
        <FigureGrid figures={figures} narrow />
      </section>
      {stopped && copy.openPositions.length === 0 ? null : (
        <section aria-labelledby="open-title" className="flex flex-col gap-3">
          <h3 id="open-title" className="text-lg font-semibold">
            <Trans>Open copied positions</Trans>
          </h3>
          <LivePositions positions={copy.openPositions} caption={t`Open copied positions`} />
        </section>
      )}
      <PositionHistory list={copy.history.list} />
      <section aria-labelledby="skipped-title" className="flex flex-col gap-3">
        <h3 id="skipped-title" className="text-lg font-semibold">
          <Trans>Skipped copies</Trans>
        </h3>
        {copy.skipped.length === 0 ? (
          <p className="text-sm text-muted">
            <Trans>Every trade of this trader was copied.</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-card text-sm" data-testid="skipped">
            {copy.skipped.map((s) => (
              <li key={`${s.pairCode}:${s.createdAt}`} className="flex flex-wrap justify-between gap-2 px-4 py-3">
                <span className="font-semibold">{s.pairCode.replace('_', '/')}</span>
                <span className="text-muted">
                  <SkipReason reason={s.reason} />
                </span>
                <span className="text-muted">{dates.format(s.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {stopped ? null : <EditCopySettings copy={copy} />}
      {stopped ? null : <StopCopy copy={copy} />}
    </div>
  )
}
