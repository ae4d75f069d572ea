/**
 * The futures form's settings of the pair (issue 19): its margin mode (isolated or cross, changed while flat) and its
 * leverage (1 to the pair's maximum, typed as a whole number and refused above it on confirm, never clamped; the exchange keeps it per pair, this device remembers the last one chosen as
 * §3 PREV_LEVERAGE for the next pair and for visitors).
 */
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { bracketsFromWire, notionalCapAt } from '#/contract/brackets.ts'
import type { LeverageBracket, MarginMode } from '#/contract/index.ts'
import { HelpLink } from '#/features/i18n/index.ts'
import { prevLeverageStore } from '#/features/state/index.ts'
import { Amount } from '#/ui/Amount.tsx'
import { NumberField } from '#/ui/NumberField.tsx'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { PercentSlider } from '#/ui/PercentSlider.tsx'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { notify } from '#/ui/toast.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { setLeverage, setMarginMode } from '../trading.functions.ts'
import { tradingQueries } from '../trading.queries.ts'
import { loadedOk } from '#/exchange-client/index.ts'
import { refusalText } from '../trading.texts.ts'

export interface FuturesOrderSettingsProps {
  pairCode: string
  signedIn: boolean
  marginMode: MarginMode
  leverage: number
  maxLeverage: number
  /** The pair's leverage and maintenance tiers: the dialog says how large a position each leverage allows. */
  brackets: readonly LeverageBracket[]
  /** A futures lead trader: cross is not offered (the exchange refuses it: a copy mirrors a position's own margin). */
  leading: boolean
}

const LEVERAGE_STOPS = [1, 5, 10, 20, 50, 75, 100, 125]

export function FuturesOrderSettings({
  pairCode,
  signedIn,
  marginMode,
  leverage,
  maxLeverage,
  brackets,
  leading,
}: FuturesOrderSettingsProps) {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const flight = useSingleFlight()
  /** The leverage being chosen, as typed (checked on confirm, never clamped while typing). */
  const [editing, setEditing] = useState<string | undefined>()
  const [leverageError, setLeverageError] = useState<string | undefined>()
  const edit = (next: string) => (setEditing(next), setLeverageError(undefined))
  const crossHintId = useId()

  const chooseMode = (next: MarginMode) =>
    flight.run(async () => {
      if (!signedIn || next === marginMode) return
      const sent = await setMarginMode({ data: { pairCode, marginMode: next } })
      if (sent.status !== 'ok') return notify(refusalText(i18n, sent.reason), 'error')
      client.setQueryData(tradingQueries.marginMode(pairCode).queryKey, loadedOk(sent.data))
    })

  const leverageRefusal = (typed: string): string | undefined => {
    if (typed === '') return t`Enter a leverage.`
    const value = Number(typed)
    if (value < 1) return t`Leverage starts at 1x.`
    if (value > maxLeverage) return t`Maximum leverage on this pair is ${maxLeverage}x.`
    return undefined
  }

  const saveLeverage = (typed: string) =>
    flight.run(async () => {
      const refusal = leverageRefusal(typed)
      if (refusal) return setLeverageError(refusal)
      const next = Number(typed)
      prevLeverageStore.setState(() => next)
      if (signedIn) {
        const sent = await setLeverage({ data: { pairCode, leverage: next } })
        if (sent.status !== 'ok') return notify(refusalText(i18n, sent.reason), 'error')
        client.setQueryData(tradingQueries.leverage(pairCode).queryKey, loadedOk(sent.data))
      }
      setEditing(undefined)
    })

  // The slider and the tier line follow what is typed, within the pair's range (the field itself keeps the text).
  const typedLeverage = Math.min(maxLeverage, Math.max(1, Number(editing || leverage)))
  const stops = LEVERAGE_STOPS.filter((stop) => stop <= maxLeverage)
  const percentOf = (value: number) => Math.round(((value - 1) / Math.max(1, maxLeverage - 1)) * 100)
  const leverageOf = (percent: number) => Math.max(1, Math.round(1 + (percent / 100) * (maxLeverage - 1)))

  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <SegmentedTabs<MarginMode>
        label={t`Margin mode`}
        value={marginMode}
        options={[
          { value: 'isolated', label: t`Isolated` },
          { value: 'cross', label: t`Cross`, disabled: leading, describedBy: leading ? crossHintId : undefined },
        ]}
        onChange={(next) => void chooseMode(next)}
      />
      <HelpLink to="marginModes" label={t`Learn more about margin modes`} testId="help-margin-modes" />
      <button
        type="button"
        onClick={() => edit(String(leverage))}
        className="ms-auto rounded-lg border border-line px-3 py-1.5 text-sm font-semibold hover:border-brand"
        aria-label={t`Leverage ${leverage}x, change`}
        data-testid="leverage"
      >
        <span dir="ltr">{leverage}x</span>
      </button>
      <DraggableDialog
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t`Adjust leverage`}
        closeLabel={t`Close`}
      >
        {editing === undefined ? null : (
          <form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              void saveLeverage(editing)
            }}
          >
            <NumberField
              name="leverage"
              label={t`Leverage`}
              value={editing}
              decimals={0}
              unit="x"
              onValue={edit}
              onBlur={() => undefined}
              error={leverageError}
            />
            <PercentSlider
              label={t`Leverage`}
              value={percentOf(typedLeverage)}
              stops={[]}
              onChange={(percent) => edit(String(leverageOf(percent)))}
            />
            <div className="flex flex-wrap gap-1">
              {stops.map((stop) => (
                <button
                  key={stop}
                  type="button"
                  onClick={() => edit(String(stop))}
                  aria-pressed={editing === String(stop)}
                  className="rounded-md border border-line px-2 py-0.5 text-xs aria-pressed:border-brand"
                >
                  <span dir="ltr">{stop}x</span>
                </button>
              ))}
            </div>
            <p className="text-xs text-muted">
              {t`Higher leverage needs less margin and brings the liquidation price closer. Up to ${maxLeverage}x on this pair.`}
            </p>
            <MaxPosition brackets={brackets} leverage={typedLeverage} />
            <button
              type="submit"
              disabled={flight.busy}
              className="rounded-xl bg-brand px-4 py-2.5 font-semibold text-brand-contrast disabled:opacity-60"
            >
              {t`Confirm`}
            </button>
          </form>
        )}
      </DraggableDialog>
      {leading ? (
        <p id={crossHintId} className="w-full text-xs text-muted" data-testid="cross-unavailable">
          {t`Cross is not available to lead traders: each copied position mirrors its own margin.`}
        </p>
      ) : null}
    </div>
  )
}

/** How large a position (its notional, with the open orders of its side) the leverage being chosen allows. */
function MaxPosition({ brackets, leverage }: { brackets: readonly LeverageBracket[]; leverage: number }) {
  const { t } = useLingui()
  const cap = notionalCapAt(bracketsFromWire(brackets), leverage)
  return (
    <p className="flex justify-between gap-3 text-xs" data-testid="leverage-max-position">
      <span className="text-muted">{t`Maximum position at ${leverage}x`}</span>
      {cap === null ? (
        <span>{t`No tier limit`}</span>
      ) : (
        <span>
          <Amount value={cap.toFixed()} digits={0} /> USDT
        </span>
      )}
    </p>
  )
}
