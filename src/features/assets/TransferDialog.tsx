/**
 * Moves USDT between the spot and the futures wallet (issue 19): the amount read as typed (NumberField: either decimal
 * mark, up to the coin's decimals, anything else refused at the field), never more than may leave the wallet (money in open orders or positions cannot move, and the
 * futures wallet keeps what its cross positions need: the exchange's `transferable`), sent once with
 * its own clientTransferId (a retry of the same press moves the money once). The exchange's refusal shows at the field.
 */
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Exact } from '#/contract/money.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { NumberField } from '#/ui/NumberField.tsx'
import { notify } from '#/ui/toast.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { transferBetweenWallets } from './assets.functions.ts'
import { assetsQueries, FUTURES_WALLET, SPOT_WALLET, type WalletType } from './assets.queries.ts'
import { assetsRefusalText, walletName } from './assets.texts.ts'

/** USDT moves with this many decimals (the wallets keep 18; a person types cents and below). */
const TRANSFER_DECIMALS = 8
const COIN = 'USDT'

export type TransferCheck = 'required' | 'zero' | 'over-available' | undefined

export function checkTransfer(amount: string, available: string): TransferCheck {
  if (amount === '' || amount === '.') return 'required'
  const value = new Exact(amount.replace(/\.$/, ''))
  if (value.lte(0)) return 'zero'
  if (value.gt(available)) return 'over-available'
  return undefined
}

export function TransferDialog({
  from: initialFrom,
  available,
  onDone,
}: {
  from: WalletType
  available: (walletType: WalletType) => string
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const client = useQueryClient()
  const flight = useSingleFlight()
  const [from, setFrom] = useState<WalletType>(initialFrom)
  const [amount, setAmount] = useState('')
  const [touched, setTouched] = useState(false)
  const [refused, setRefused] = useState<string | undefined>()
  const [transferId] = useState(() => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`)
  const to = from === SPOT_WALLET ? FUTURES_WALLET : SPOT_WALLET
  const free = available(from)
  const freeText = format.usdt(free)
  const check = checkTransfer(amount, free)
  const error =
    refused ??
    (touched && check === 'required'
      ? t`Enter an amount.`
      : touched && check === 'zero'
        ? t`Enter an amount above zero.`
        : check === 'over-available'
          ? t`Only ${freeText} USDT can leave this wallet now.`
          : undefined)
  const send = () =>
    flight.run(async () => {
      setTouched(true)
      if (check) return
      const sent = await transferBetweenWallets({
        data: {
          clientTransferId: transferId,
          from,
          to,
          coin: COIN,
          amount: new Exact(amount.replace(/\.$/, '')).toFixed(),
        },
      })
      if (sent.status !== 'ok') return setRefused(assetsRefusalText(i18n, sent.reason))
      const moved = format.amount(sent.data.amount)
      // Whole sentences: a wallet's name mid-sentence is written as the language writes it there (lower case in French).
      notify(
        to === FUTURES_WALLET
          ? t`Transferred ${moved} USDT to the futures wallet`
          : t`Transferred ${moved} USDT to the spot wallet`,
      )
      void client.invalidateQueries({ queryKey: assetsQueries.all })
      onDone()
    })
  return (
    <DraggableDialog open onClose={onDone} title={t`Transfer between wallets`} closeLabel={t`Close`}>
      <form
        className="flex flex-col gap-4"
        data-testid="transfer-dialog"
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <div className="flex items-center gap-2 text-sm">
          <span className="flex-1 rounded-xl bg-sunken px-3 py-2">
            <span className="block text-xs text-muted">{t`From`}</span>
            {walletName(i18n, from)}
          </span>
          <button
            type="button"
            onClick={() => (setFrom(to), setRefused(undefined))}
            className="grid size-9 place-items-center rounded-full border border-line hover:bg-sunken"
            aria-label={t`Swap the wallets`}
            data-testid="swap-wallets"
          >
            <span aria-hidden="true">⇄</span>
          </button>
          <span className="flex-1 rounded-xl bg-sunken px-3 py-2">
            <span className="block text-xs text-muted">{t`To`}</span>
            {walletName(i18n, to)}
          </span>
        </div>
        <NumberField
          name="transfer-amount"
          label={t`Amount (USDT)`}
          value={amount}
          decimals={TRANSFER_DECIMALS}
          onValue={(v) => (setAmount(v), setRefused(undefined))}
          onBlur={() => setTouched(true)}
          error={error}
          hint={t`Available: ${freeText} USDT`}
          unit={
            <button
              type="button"
              onClick={() => (
                setAmount(new Exact(free).toDecimalPlaces(TRANSFER_DECIMALS, Exact.ROUND_DOWN).toFixed()),
                setRefused(undefined)
              )}
              className="rounded px-1.5 py-0.5 text-xs text-brand hover:underline"
            >
              {t`Max`}
            </button>
          }
        />
        <button
          type="submit"
          disabled={flight.busy}
          className="rounded-xl bg-brand px-4 py-2.5 font-semibold text-brand-contrast disabled:opacity-60"
          data-testid="confirm-transfer"
        >
          {flight.busy ? t`Transferring…` : t`Transfer`}
        </button>
      </form>
    </DraggableDialog>
  )
}
