/**
 * Becoming a lead trader: the market to lead on, the checklist (what is met, what is missing and by
 * how much), and the terms to apply with once every requirement is met.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { CopyBiz } from '#/contract/index.ts'
import { HelpLink } from '#/features/i18n/index.ts'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { leadQueries } from './lead.queries.ts'
import { requirementText, type RequirementInput } from './lead.texts.ts'
import { TableSkeleton } from './LeadSkeleton.tsx'
import { TermsForm } from './TermsForm.tsx'

function Requirement({ requirement }: { requirement: RequirementInput }) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const { label, detail } = requirementText(i18n, requirement, (value) =>
    format.number(value, { digits: requirement.key === 'min-balance' ? 2 : 0 }),
  )
  return (
    <li
      className="flex items-start gap-3 px-4 py-3"
      data-testid="requirement"
      data-key={requirement.key}
      data-met={requirement.met}
    >
      <span
        role="img"
        aria-label={requirement.met ? t`Met` : t`Not met`}
        className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full text-sm font-bold ${requirement.met ? 'bg-up/15 text-up' : 'bg-down/15 text-down'}`}
      >
        {requirement.met ? '✓' : '✕'}
      </span>
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="font-semibold">{label}</span>
        <span className="text-sm text-muted">{detail}</span>
      </span>
    </li>
  )
}

const helpLink = 'font-medium text-brand underline underline-offset-2'

export function BecomeLeader({ cancelled }: { cancelled: boolean }) {
  const { t } = useLingui()
  const [biz, setBiz] = useState<CopyBiz>('futures')
  const { data, isPending, isError, isFetching, refetch } = useQuery(leadQueries.requirements(biz))
  let body
  if (isPending) body = <TableSkeleton rows={3} />
  else if (isError || data.status !== 'ok')
    body = (
      <ErrorState
        message={t`The requirements to lead could not be loaded.`}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  else {
    const check = data.data
    body = (
      <>
        <ul
          className="divide-y divide-line rounded-2xl border border-line bg-card"
          data-testid="requirements"
          data-eligible={check.eligible}
        >
          {check.requirements.map((r) => (
            <Requirement key={r.key} requirement={r} />
          ))}
        </ul>
        {check.eligible ? (
          <section
            aria-labelledby="apply-title"
            className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 sm:p-6"
          >
            <div>
              <h3 id="apply-title" className="text-lg font-semibold">
                <Trans>Your terms</Trans>
              </h3>
              <p className="text-sm text-muted">
                <Trans>You can change every term later in your settings.</Trans>
              </p>
            </div>
            <TermsForm key={biz} mode="apply" biz={biz} />
          </section>
        ) : (
          <div className="flex flex-wrap items-center gap-3 rounded-xl bg-sunken px-4 py-3 text-sm" role="status">
            <p className="flex-1">
              <Trans>Meet every requirement above, then apply here.</Trans>
            </p>
            <button
              type="button"
              disabled={isFetching}
              onClick={() => void refetch()}
              className="rounded-lg border border-line bg-card px-3 py-1.5 font-semibold hover:bg-sunken disabled:opacity-50"
            >
              <Trans>Check again</Trans>
            </button>
          </div>
        )}
      </>
    )
  }
  return (
    <div className="flex flex-col gap-5" data-testid="become-leader">
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">
          <Trans>Become a lead trader</Trans>
        </h2>
        <p className="max-w-2xl text-muted">
          {cancelled ? (
            <Trans>You led before. Apply again to reopen your leader profile.</Trans>
          ) : (
            <Trans>
              Followers copy your trades and pay you a share of the profit they make. Choose the market you lead on and
              check what it takes.
            </Trans>
          )}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="lead-help">
          <HelpLink to="leadRequirements" className={helpLink}>
            <Trans>What it takes to lead</Trans>
          </HelpLink>
          <HelpLink to="profitShare" className={helpLink}>
            <Trans>How profit share works</Trans>
          </HelpLink>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <span aria-hidden="true" className="text-sm font-medium">
            <Trans>Market</Trans>
          </span>
          <SegmentedTabs
            label={t`Market`}
            value={biz}
            options={[
              { value: 'futures', label: t`Futures` },
              { value: 'spot', label: t`Spot` },
            ]}
            onChange={setBiz}
          />
        </div>
      </section>
      {body}
    </div>
  )
}
