/**
 * The leader centre: the way to become a lead trader for a user who does not lead, else the
 * leader's head, profit share, followers, copy terms and public profile.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { MyLeaderCentre } from '#/contract/index.ts'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { BecomeLeader } from './BecomeLeader.tsx'
import { FollowersSection } from './FollowersSection.tsx'
import { InfoForm } from './InfoForm.tsx'
import { LeaderHeader } from './LeaderHeader.tsx'
import { leadQueries } from './lead.queries.ts'
import { HeaderSkeleton, LeadCentreSkeleton } from './LeadSkeleton.tsx'
import { ProfitShareSection } from './ProfitShareSection.tsx'
import { TermsForm } from './TermsForm.tsx'

const panel = 'flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 sm:p-6'

function LeaderDashboard({ summary }: { summary: MyLeaderCentre }) {
  const { t } = useLingui()
  const { data, isPending, isError, isFetching, refetch } = useQuery(leadQueries.settings())
  if (isPending) return <HeaderSkeleton />
  if (isError || data.status !== 'ok')
    return (
      <ErrorState
        message={t`Your leader settings could not be loaded.`}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  const profile = data.data
  return (
    <div className="flex flex-col gap-8" data-testid="leader-dashboard">
      <LeaderHeader summary={summary} profile={profile} />
      <ProfitShareSection />
      <FollowersSection />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="settings-title" className={panel} data-testid="lead-settings">
          <h3 id="settings-title" className="text-lg font-semibold">
            <Trans>Copy settings</Trans>
          </h3>
          <TermsForm mode="settings" profile={profile} />
        </section>
        <section aria-labelledby="info-title" className={panel} data-testid="lead-info">
          <h3 id="info-title" className="text-lg font-semibold">
            <Trans>Public profile</Trans>
          </h3>
          <InfoForm profile={profile} />
        </section>
      </div>
    </div>
  )
}

export function LeadCentreView() {
  const { t } = useLingui()
  const { data, isPending, isError, isFetching, refetch } = useQuery(leadQueries.summary())
  if (isPending) return <LeadCentreSkeleton />
  if (isError || data.status !== 'ok')
    return (
      <ErrorState
        message={t`Your leader centre could not be loaded.`}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  const summary = data.data
  return summary.isLeader ? (
    <LeaderDashboard summary={summary} />
  ) : (
    <BecomeLeader cancelled={summary.status === 'cancelled'} />
  )
}
