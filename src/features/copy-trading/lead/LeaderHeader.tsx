/**
 * The leader centre's head: who the leader is, their terms at a glance, the link to their public page and stopping to
 * lead.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { MyLeaderCentre, MyLeaderProfile } from '#/contract/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { LeaderAvatar } from '../shared/LeaderAvatar.tsx'
import { FigureGrid } from '../shared/FigureGrid.tsx'
import { ConfirmAction } from './ConfirmAction.tsx'
import { stopLeading } from './lead.functions.ts'
import { useLeadAction } from './useLeadAction.ts'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'

const badge = 'rounded bg-sunken px-2 py-0.5'

function StopLeading({ followers }: { followers: string }) {
  const { t } = useLingui()
  const stop = useLeadAction(stopLeading, {
    done: ({ endedCopies }) => t`You no longer lead. Copies ended: ${endedCopies}.`,
    refused: (reason) => (reason === 'forbidden' ? t`Close your open positions before you stop leading.` : undefined),
  })
  return (
    <ConfirmAction
      label={t`Stop leading`}
      title={t`Stop leading?`}
      pending={stop.isPending}
      onConfirm={() => stop.mutateAsync(undefined).catch(() => undefined)}
      testId="stop-leading"
    >
      <p>
        <Trans>
          Every copy of you ends: the copied positions close at the market price, profit share is settled and the rest
          returns to your followers.
        </Trans>
      </p>
      <p className="font-semibold">
        <Trans>Followers copying you now: {followers}</Trans>
      </p>
    </ConfirmAction>
  )
}

export function LeaderHeader({ summary, profile }: { summary: MyLeaderCentre; profile: MyLeaderProfile }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const dates = useDateTimeFormat('date')
  const since = dates.format(profile.createdAt)
  const followers = format.number(String(summary.followers), { digits: 0 })
  const maxFollowers = format.number(String(profile.maxFollowers), { digits: 0 })
  const share = format.ratio(profile.profitShareRate)
  return (
    <section aria-labelledby="lead-name" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-line bg-card p-4">
        <LeaderAvatar src={profile.avatar} size={64} />
        <div className="min-w-0 flex-1">
          <h2 id="lead-name" className="truncate text-xl font-bold" data-testid="lead-nickname" dir="auto">
            {profile.nickname}
          </h2>
          <p className="mt-1.5 flex flex-wrap gap-2 text-xs text-muted">
            <span className={badge}>{profile.biz === 'futures' ? t`Futures` : t`Spot`}</span>
            <span
              className={`${badge} ${profile.status === 'open' ? 'text-up' : 'text-down'}`}
              data-testid="lead-status"
              data-status={profile.status}
            >
              {profile.status === 'open' ? t`Open to new followers` : t`Paused`}
            </span>
            <span className={badge}>
              {/* The date keeps its own direction inside a sentence of the other one. */}
              <Trans>
                Leading since <bdi>{since}</bdi>
              </Trans>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LocaleLink
            to="/{-$locale}/copy-trading/gemw/$id"
            params={{ id: profile.leaderId }}
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-semibold hover:bg-sunken"
            data-testid="public-page"
          >
            <Trans>View my public page</Trans>
          </LocaleLink>
          <StopLeading followers={followers} />
        </div>
      </div>
      <FigureGrid
        testId="lead-figures"
        figures={[
          { label: t`Followers`, value: `${followers} / ${maxFollowers}` },
          { label: t`AUM (USDT)`, value: format.number(summary.aum, { digits: 2, compact: true }) },
          { label: t`Profit share rate`, value: share },
          { label: t`Copy minimum (USDT)`, value: format.number(profile.minCopyAmount, { digits: 2 }) },
        ]}
      />
    </section>
  )
}
