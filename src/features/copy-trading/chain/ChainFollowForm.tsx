/**
 * Copying a chain wallet at a fixed amount per trade: the investment moved into the copy, the
 * margin per copied trade, and optional limits. Signed out, the button goes to the login page and
 * back; a refusal keeps what was typed and points at the refused fields.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import { COPY } from '#/app.config.ts'
import type { ChainWalletDetail, CopyFollow, ErrorReason } from '#/contract/index.ts'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { notify } from '#/ui/toast.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import type { Sent } from '#/exchange-client/index.ts'
import { copyRefusalText } from '../shared/refusal.texts.ts'
import { useRefreshCopyQueries } from '../shared/copy.queries.ts'
import { useLoginFirst } from '../shared/useLoginFirst.ts'
import {
  AMOUNT_DECIMALS,
  chainFollowRequest,
  EMPTY_CHAIN_FOLLOW,
  fieldOfPath,
  followFieldError,
  isFollowCode,
  minimumInvestment,
  PERCENT_DECIMALS,
  type ChainFollowField,
  type FollowCode,
} from './chain-follow-form.ts'
import { followChainWallet } from './chain-wallets.functions.ts'
import { NumberField } from '#/ui/NumberField.tsx'
import { trackFollow } from '#/features/analytics/index.ts'

/** The server function itself failed (offline, server down). */
const UNREACHABLE: Sent<never> = { status: 'refused', reason: 'network', fields: [] }

type FieldSpec = {
  name: ChainFollowField
  label: string
  unit: string
  /** Decimals the field takes; its range is checked on submit (followFieldError), never clamped. */
  decimals: number
  hint?: string
}

export function ChainFollowForm({
  wallet,
  onFollowed,
}: {
  wallet: ChainWalletDetail
  onFollowed: (leaderId: string) => void
}) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const loginFirst = useLoginFirst()
  const refresh = useRefreshCopyQueries()
  const [refusal, setRefusal] = useState<ErrorReason | 'network'>()
  const minimum = minimumInvestment(wallet.minCopyAmount)
  const shownMinimum = format.number(minimum, { digits: AMOUNT_DECIMALS })
  const shownMaximum = format.number(COPY.maxInvestmentUsdt, { digits: 0 })
  const label = wallet.label
  const form = useForm({
    defaultValues: EMPTY_CHAIN_FOLLOW,
    onSubmit: async ({ value }) => {
      setRefusal(undefined)
      const sent: Sent<CopyFollow> = await followChainWallet({
        data: { chain: wallet.chain, address: wallet.address, settings: chainFollowRequest(value) },
      }).catch(() => UNREACHABLE)
      if (sent.status === 'ok') {
        notify(t`You now copy ${label}.`)
        trackFollow(sent.data.leaderId, { mode: 'fixed', chain: wallet.chain })
        onFollowed(sent.data.leaderId)
        await refresh()
        return
      }
      setRefusal(sent.reason)
      notify(copyRefusalText(i18n, sent.reason), 'error')
      for (const path of sent.fields) {
        const field = fieldOfPath(path)
        if (field)
          form.setFieldMeta(field, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onSubmit: 'refused' } }))
      }
    },
  })
  const codeText = (code: FollowCode | undefined): string | undefined => {
    switch (code) {
      case undefined:
        return undefined
      case 'required':
        return t`Enter an amount.`
      case 'below-minimum':
        return t`The minimum is ${shownMinimum} USDT.`
      case 'above-maximum':
        return t`The maximum is ${shownMaximum} USDT.`
      case 'not-positive':
        return t`Enter a number above zero.`
      case 'above-investment':
        return t`It cannot be more than your investment.`
      case 'above-hundred':
        return t`It cannot be more than 100 %.`
      case 'refused':
        return t`The exchange did not accept this value.`
    }
  }
  const fields: FieldSpec[] = [
    {
      name: 'investment',
      label: t`Investment`,
      unit: 'USDT',
      decimals: AMOUNT_DECIMALS,
      hint: t`Moved from your wallet into the copy. Minimum ${shownMinimum} USDT.`,
    },
    {
      name: 'fixedAmount',
      label: t`Amount per trade`,
      unit: 'USDT',
      decimals: AMOUNT_DECIMALS,
      hint: t`The margin of each copied trade.`,
    },
    { name: 'maxPerOrder', label: t`Largest amount per trade (optional)`, unit: 'USDT', decimals: AMOUNT_DECIMALS },
    { name: 'takeProfitPercent', label: t`Take profit per trade (optional)`, unit: '%', decimals: PERCENT_DECIMALS },
    { name: 'stopLossPercent', label: t`Stop loss per trade (optional)`, unit: '%', decimals: PERCENT_DECIMALS },
    {
      name: 'copyStopLossPercent',
      label: t`Copy stop loss (optional)`,
      unit: '%',
      decimals: PERCENT_DECIMALS,
      hint: t`Ends the copy when its loss reaches this share of the investment.`,
    },
  ]
  return (
    <Form
      className="flex flex-col gap-4"
      onSubmit={() => (loginFirst() && !form.state.isSubmitting ? form.handleSubmit() : Promise.resolve())}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {fields.map((spec) => (
          <form.Field
            key={spec.name}
            name={spec.name}
            validators={{
              onBlur: ({ value, fieldApi }) =>
                value === '' ? undefined : followFieldError(spec.name, fieldApi.form.state.values, minimum),
              onSubmit: ({ fieldApi }) => followFieldError(spec.name, fieldApi.form.state.values, minimum),
            }}
          >
            {(field) => (
              <NumberField
                name={spec.name}
                label={spec.label}
                unit={spec.unit}
                hint={spec.hint}
                value={field.state.value}
                decimals={spec.decimals}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={codeText(field.state.meta.errors.find(isFollowCode))}
              />
            )}
          </form.Field>
        ))}
      </div>
      <p className="text-xs text-muted">
        <Trans>Chain wallets share no profit: everything the copy makes is yours.</Trans>
      </p>
      {refusal ? <FormError>{copyRefusalText(i18n, refusal)}</FormError> : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting} className="w-full">
            {submitting ? <Trans>Copying…</Trans> : <Trans>Copy this wallet</Trans>}
          </SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}
