/**
 * The last step before copying, in place of the form's button (the settings stay in view, locked):
 * what moves from the wallet, what each copied order costs in fees and what share of profit the
 * trader takes. Confirming sends once; the button waits while it runs.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { COPY } from '#/app.config.ts'
import type { LeaderDetail } from '#/contract/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import type { CopySettingsValues } from './copy-settings.ts'

export interface ConfirmFollowProps {
  leader: Pick<LeaderDetail, 'nickname' | 'profitShareRate'>
  values: CopySettingsValues
  pending: boolean
  onConfirm: () => void
  onBack: () => void
}

export function ConfirmFollow({ leader, values, pending, onConfirm, onBack }: ConfirmFollowProps) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const heading = useRef<HTMLHeadingElement>(null)
  // The step takes the focus (and the view) when it opens, so it is read and seen.
  useEffect(() => heading.current?.focus(), [])
  const nickname = leader.nickname
  const fixedAmount = format.usdt(values.fixedAmount)
  const ratio = format.number(values.ratio, { digits: 2 })
  const feeRate = format.ratio(COPY.takerFeeRate)
  const shareRate = format.ratio(leader.profitShareRate, 0)
  const rows = [
    { label: t`Investment (USDT)`, value: format.usdt(values.investment), numeric: true, testId: 'confirm-investment' },
    {
      label: t`Per order`,
      value: values.mode === 'fixed' ? t`${fixedAmount} USDT margin` : t`${ratio}× the trader's size`,
    },
    {
      label: t`Leverage`,
      value: values.leverageMode === 'fixed' ? `${values.fixedLeverage}×` : t`Follows the trader`,
      numeric: values.leverageMode === 'fixed',
    },
    { label: t`Trading fee`, value: t`${feeRate} of each order's value`, testId: 'confirm-fee' },
    { label: t`Profit share`, value: t`${shareRate} of net profit, settled weekly`, testId: 'confirm-share' },
  ]
  return (
    <section
      aria-labelledby="confirm-title"
      className="flex flex-col gap-4 rounded-2xl border border-brand bg-card p-4 text-sm sm:p-6"
      data-testid="confirm-follow"
    >
      <h2 id="confirm-title" ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold outline-none">
        {t`Copy ${nickname}?`}
      </h2>
      <dl className="flex flex-col divide-y divide-line">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-wrap justify-between gap-2 py-2">
            <dt className="text-muted">{row.label}</dt>
            <dd className="font-semibold tabular-nums" data-testid={row.testId}>
              {row.numeric ? <bdi dir="ltr">{row.value}</bdi> : row.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">
        <Trans>
          The investment moves from your USDT wallet into the copy. You can change the settings or stop copying at any
          time.
        </Trans>
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={onBack}
          disabled={pending}
          className="rounded-lg border border-line px-4 py-2 font-semibold hover:bg-sunken disabled:opacity-50"
        >
          <Trans>Back to the settings</Trans>
        </button>
        <button
          type="button"
          disabled={pending}
          onClick={onConfirm}
          data-testid="confirm-follow-button"
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast hover:opacity-90 disabled:opacity-50"
        >
          {pending ? <Trans>Copying…</Trans> : <Trans>Confirm and copy</Trans>}
        </button>
      </div>
    </section>
  )
}
