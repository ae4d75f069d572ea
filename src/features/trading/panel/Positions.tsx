/**
 * The trader's open positions on a market (issue 19), live from the positions channel: size, entry, mark, liquidation
 * price, margin, unrealized PnL and ROE at the mark, and a futures position's ADL rank (five bars, issue 27). Their own position closes at market or at a limit (all or part,
 * reduce-only), takes a take profit / stop loss, and takes or gives back isolated margin. A position a copy holds says
 * so and closes on its own, at the mark.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { TradingMarket, TradingPosition } from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import { assetsQueries, FUTURES_WALLET } from '#/features/assets/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { NumberField } from '#/ui/NumberField.tsx'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { notify } from '#/ui/toast.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { Amount } from '#/ui/Amount.tsx'
import { QUOTE_DIGITS, type PairFacts } from '../shared/pair.ts'
import { changePositionMargin, closeCopiedPosition, placeOrder, setPositionTpsl } from '../trading.functions.ts'
import { dataOf, tradingQueries } from '../trading.queries.ts'
import { loadedOk } from '#/exchange-client/index.ts'
import { refusalText } from '../trading.texts.ts'
import { PanelTable } from './PanelTable.tsx'
import { AdlLights } from './AdlLights.tsx'
import { estimatedPnl, TpslCell } from './TpslCell.tsx'
import { CloseAllDialog, newClientOrderId, ReverseDialog } from './PositionActions.tsx'
import { FundingDialog } from './FundingDialog.tsx'
import { HelpLink } from '#/features/i18n/index.ts'

type Action =
  { kind: 'close' | 'tpsl' | 'margin' | 'reverse' | 'funding'; position: TradingPosition } | { kind: 'close-all' }

export function Positions({ biz, factsOf }: { biz: TradingMarket; factsOf: (pairCode: string) => PairFacts }) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const client = useQueryClient()
  const [action, setAction] = useState<Action | undefined>()
  const [closing, setClosing] = useState<ReadonlySet<string>>(new Set())
  const positions = dataOf(useQuery(tradingQueries.positions(biz)).data) ?? []
  const futures = biz === 'futures'

  const closeCopied = async (position: TradingPosition) => {
    if (closing.has(position.positionId)) return
    setClosing((set) => new Set(set).add(position.positionId))
    const sent = await closeCopiedPosition({ data: { positionId: position.positionId } })
    setClosing((set) => {
      const next = new Set(set)
      next.delete(position.positionId)
      return next
    })
    if (sent.status !== 'ok') return notify(refusalText(i18n, sent.reason), 'error')
    notify(t`Copied position closed`)
    void client.invalidateQueries({ queryKey: tradingQueries.positions(biz).queryKey })
  }

  const own = positions.filter((p) => p.copyId === null)
  return (
    <div className="flex flex-col gap-2" data-testid="positions">
      {futures && own.length > 0 ? (
        <div className="flex justify-end px-3">
          <button
            type="button"
            onClick={() => setAction({ kind: 'close-all' })}
            className="rounded-lg border border-line px-2.5 py-1 text-xs hover:border-down"
            data-testid="close-all-positions"
          >
            <Trans>Close all</Trans>
          </button>
        </div>
      ) : null}
      <PanelTable
        label={t`Positions`}
        empty={t`No open positions.`}
        columns={[
          t`Pair`,
          t`Size`,
          t`Entry price`,
          t`Mark price`,
          t`Liq. price`,
          t`Margin`,
          t`PnL (ROE)`,
          ...(futures
            ? [
                <span key="adl" className="inline-flex items-center gap-1">
                  {t({ message: 'ADL', context: 'auto-deleveraging' })}
                  <HelpLink to="liquidation" label={t`Learn more about auto-deleveraging`} testId="help-adl" />
                </span>,
              ]
            : []),
          t`TP / SL`,
          '',
        ]}
        rows={positions.map((position) => {
          const pair = factsOf(position.pairCode)
          const copied = position.copyId !== null
          const copyId = position.copyId ?? ''
          const up = !(position.unrealizedPnl ?? '0').startsWith('-')
          const side = position.side === 'long' ? t`Long` : t`Short`
          return {
            key: position.positionId,
            tag: copied ? 'copied' : 'own',
            cells: [
              <span key="pair" className="flex flex-col">
                <span className="font-semibold">{pair.label}</span>
                <span className={position.side === 'long' ? 'text-up' : 'text-down'}>
                  {side} <span dir="ltr">{position.leverage}x</span>{' '}
                  {position.marginMode === 'cross' ? t`Cross` : t`Isolated`}
                </span>
                {copied ? (
                  <span className="text-muted" data-testid="copied-badge">
                    {t`Copy ${copyId}`}
                  </span>
                ) : null}
              </span>,
              <span key="size">
                <Amount value={position.size} digits={pair.sizeDigits} /> {pair.base}
              </span>,
              <Amount key="entry" value={position.entryPrice} digits={pair.priceDigits} />,
              <Amount key="mark" value={position.markPrice} digits={pair.priceDigits} />,
              <Amount key="liq" value={position.liquidationPrice} digits={pair.priceDigits} className="text-down" />,
              <Amount key="margin" value={position.margin} digits={QUOTE_DIGITS} />,
              <span key="pnl" className={up ? 'text-up' : 'text-down'} data-testid="position-pnl">
                <Amount value={position.unrealizedPnl} digits={QUOTE_DIGITS} signed />{' '}
                <span dir="ltr">({format.percent(position.roe)})</span>
              </span>,
              ...(futures ? [<AdlLights key="adl" quantile={position.adlQuantile} />] : []),
              <TpslCell key="tpsl" position={position} digits={pair.priceDigits} />,
              copied ? (
                <button
                  key="actions"
                  type="button"
                  disabled={closing.has(position.positionId)}
                  aria-busy={closing.has(position.positionId)}
                  onClick={() => void closeCopied(position)}
                  className="rounded px-2 py-0.5 text-xs text-down hover:underline disabled:opacity-50"
                  data-testid="close-copied"
                >
                  {closing.has(position.positionId) ? t`Closing…` : t`Close this copy`}
                </button>
              ) : (
                <span key="actions" className="flex flex-wrap justify-end gap-1">
                  <button
                    type="button"
                    onClick={() => setAction({ kind: 'close', position })}
                    className="rounded px-2 py-0.5 text-xs text-down hover:underline"
                    data-testid="close-position"
                  >
                    <Trans context="position">Close</Trans>
                  </button>
                  <button
                    type="button"
                    onClick={() => setAction({ kind: 'tpsl', position })}
                    className="rounded px-2 py-0.5 text-xs text-brand hover:underline"
                  >
                    <Trans>TP / SL</Trans>
                  </button>
                  {futures ? (
                    <button
                      type="button"
                      onClick={() => setAction({ kind: 'reverse', position })}
                      className="rounded px-2 py-0.5 text-xs text-brand hover:underline"
                      data-testid="reverse-position"
                    >
                      <Trans context="position">Reverse</Trans>
                    </button>
                  ) : null}
                  {futures ? (
                    <button
                      type="button"
                      onClick={() => setAction({ kind: 'funding', position })}
                      className="rounded px-2 py-0.5 text-xs text-brand hover:underline"
                      data-testid="position-funding"
                    >
                      <Trans context="position">Funding</Trans>
                    </button>
                  ) : null}
                  {position.marginMode === 'isolated' && biz === 'futures' ? (
                    <button
                      type="button"
                      onClick={() => setAction({ kind: 'margin', position })}
                      className="rounded px-2 py-0.5 text-xs text-brand hover:underline"
                    >
                      <Trans>Margin</Trans>
                    </button>
                  ) : null}
                </span>
              ),
            ],
          }
        })}
      />
      {action?.kind === 'close' ? (
        <CloseDialog
          biz={biz}
          position={action.position}
          pair={factsOf(action.position.pairCode)}
          onDone={() => setAction(undefined)}
        />
      ) : null}
      {action?.kind === 'tpsl' ? (
        <TpslDialog
          biz={biz}
          position={action.position}
          pair={factsOf(action.position.pairCode)}
          onDone={() => setAction(undefined)}
        />
      ) : null}
      {action?.kind === 'margin' ? (
        <MarginDialog biz={biz} position={action.position} onDone={() => setAction(undefined)} />
      ) : null}
      {action?.kind === 'reverse' ? (
        <ReverseDialog
          position={action.position}
          pair={factsOf(action.position.pairCode)}
          onDone={() => setAction(undefined)}
        />
      ) : null}
      {action?.kind === 'funding' ? (
        <FundingDialog
          position={action.position}
          pair={factsOf(action.position.pairCode)}
          onDone={() => setAction(undefined)}
        />
      ) : null}
      {action?.kind === 'close-all' ? <CloseAllDialog positions={own} onDone={() => setAction(undefined)} /> : null}
    </div>
  )
}

interface DialogProps {
  biz: TradingMarket
  position: TradingPosition
  onDone: () => void
}

/** Closes all or part of the trader's own position: at market, or at a limit that trades at once (reduce-only). */
function CloseDialog({ biz, position, pair, onDone }: DialogProps & { pair: PairFacts }) {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const flight = useSingleFlight()
  const { base, quote } = pair
  const [kind, setKind] = useState<'market' | 'limit'>('market')
  const [price, setPrice] = useState(position.markPrice ?? '')
  const [size, setSize] = useState(position.size)
  const [error, setError] = useState<string | undefined>()
  const lot = new Exact(10).pow(-pair.sizeDigits)
  const part = (share: number) => new Exact(position.size).times(share).div(lot).floor().times(lot).toFixed()
  const close = () =>
    flight.run(async () => {
      const sent = await placeOrder({
        data: {
          clientOrderId: newClientOrderId(),
          biz,
          pairCode: position.pairCode,
          side: position.side === 'long' ? 'sell' : 'buy',
          type: kind,
          size,
          ...(biz === 'futures' ? { reduceOnly: true } : {}),
          ...(kind === 'limit' ? { price, timeInForce: 'IOC' as const } : {}),
        },
      })
      if (sent.status !== 'ok') return setError(refusalText(i18n, sent.reason))
      notify(sent.data.order.status === 'filled' ? t`Position closed` : t`Closed what the book could fill`)
      void client.invalidateQueries({ queryKey: tradingQueries.positions(biz).queryKey })
      onDone()
    })
  return (
    <DraggableDialog open onClose={onDone} title={t`Close position`} closeLabel={t`Close`}>
      <form
        className="flex flex-col gap-3"
        data-testid="close-dialog"
        onSubmit={(event) => {
          event.preventDefault()
          void close()
        }}
      >
        <SegmentedTabs<'market' | 'limit'>
          label={t`Close at`}
          value={kind}
          options={[
            { value: 'market', label: t({ message: 'Market', context: 'order type' }) },
            { value: 'limit', label: t`Limit` },
          ]}
          onChange={setKind}
        />
        {kind === 'limit' ? (
          <NumberField
            name="close-price"
            label={t`Price (${quote})`}
            hint={t`Closes at once what the book fills at this price or better; the rest is not kept.`}
            value={price}
            decimals={pair.priceDigits}
            onValue={(v) => (setPrice(v), setError(undefined))}
            onBlur={() => undefined}
          />
        ) : null}
        <NumberField
          name="close-size"
          label={t`Amount (${base})`}
          value={size}
          decimals={pair.sizeDigits}
          onValue={(v) => (setSize(v), setError(undefined))}
          onBlur={() => undefined}
          error={error}
        />
        <div className="flex gap-1">
          {[0.25, 0.5, 1].map((share) => (
            <button
              key={share}
              type="button"
              onClick={() => setSize(part(share))}
              className="flex-1 rounded-md border border-line py-1 text-xs"
            >
              <span dir="ltr">{share * 100}%</span>
            </button>
          ))}
        </div>
        <button
          type="submit"
          disabled={flight.busy}
          className="rounded-xl bg-down px-4 py-2.5 font-semibold text-on-down disabled:opacity-60"
          data-testid="confirm-close"
        >
          {flight.busy ? t`Closing…` : t({ message: 'Close', context: 'position' })}
        </button>
      </form>
    </DraggableDialog>
  )
}

export function TpslDialog({ biz, position, pair, onDone }: DialogProps & { pair: PairFacts }) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  /** The estimated PnL at a typed price, once it is a price. */
  const pnlHint = (price: string) => {
    if (!/^\d+(\.\d+)?$/.test(price) || new Exact(price).isZero()) return undefined
    const pnl = format.number(estimatedPnl(position, price), { digits: QUOTE_DIGITS, signed: true })
    return t`Estimated PnL ${pnl} USDT (before fees)`
  }
  const client = useQueryClient()
  const flight = useSingleFlight()
  const { quote } = pair
  const [takeProfit, setTakeProfit] = useState(position.takeProfitPrice ?? '')
  const [stopLoss, setStopLoss] = useState(position.stopLossPrice ?? '')
  const [error, setError] = useState<{ field: 'takeProfit' | 'stopLoss'; text: string } | undefined>()
  const save = () =>
    flight.run(async () => {
      const sent = await setPositionTpsl({
        data: {
          pairCode: position.pairCode,
          takeProfitPrice: takeProfit === '' ? null : takeProfit,
          stopLossPrice: stopLoss === '' ? null : stopLoss,
        },
      })
      if (sent.status !== 'ok') {
        const field = sent.fields.some((f) => f.startsWith('stopLoss')) ? 'stopLoss' : 'takeProfit'
        return setError({ field, text: refusalText(i18n, sent.reason) })
      }
      notify(t`Take profit and stop loss saved`)
      void client.invalidateQueries({ queryKey: tradingQueries.positions(biz).queryKey })
      onDone()
    })
  return (
    <DraggableDialog open onClose={onDone} title={t`Take profit / stop loss`} closeLabel={t`Close`}>
      <form
        className="flex flex-col gap-3"
        data-testid="tpsl-dialog"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <p className="text-xs text-muted">{t`Each closes the whole position at market when the mark price reaches it. Leave one empty to remove it.`}</p>
        <NumberField
          name="tp"
          label={t`Take profit (${quote})`}
          hint={pnlHint(takeProfit)}
          value={takeProfit}
          decimals={pair.priceDigits}
          onValue={(v) => (setTakeProfit(v), setError(undefined))}
          onBlur={() => undefined}
          error={error?.field === 'takeProfit' ? error.text : undefined}
        />
        <NumberField
          name="sl"
          label={t`Stop loss (${quote})`}
          hint={pnlHint(stopLoss)}
          value={stopLoss}
          decimals={pair.priceDigits}
          onValue={(v) => (setStopLoss(v), setError(undefined))}
          onBlur={() => undefined}
          error={error?.field === 'stopLoss' ? error.text : undefined}
        />
        <button
          type="submit"
          disabled={flight.busy}
          className="rounded-xl bg-brand px-4 py-2.5 font-semibold text-brand-contrast disabled:opacity-60"
        >
          {flight.busy ? t`Saving…` : t`Save`}
        </button>
      </form>
    </DraggableDialog>
  )
}

function MarginDialog({ biz, position, onDone }: DialogProps) {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const flight = useSingleFlight()
  const [change, setChange] = useState<'add' | 'remove'>('add')
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | undefined>()
  const save = () =>
    flight.run(async () => {
      const sent = await changePositionMargin({ data: { pairCode: position.pairCode, change, amount } })
      if (sent.status !== 'ok') return setError(refusalText(i18n, sent.reason))
      notify(change === 'add' ? t`Margin added` : t`Margin removed`)
      client.setQueryData(tradingQueries.positions(biz).queryKey, (current) =>
        current?.status === 'ok'
          ? loadedOk(current.data.map((p) => (p.positionId === sent.data.positionId ? sent.data : p)))
          : current,
      )
      void client.invalidateQueries({ queryKey: assetsQueries.wallet(FUTURES_WALLET).queryKey })
      onDone()
    })
  return (
    <DraggableDialog open onClose={onDone} title={t`Position margin`} closeLabel={t`Close`}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <SegmentedTabs<'add' | 'remove'>
          label={t`Margin change`}
          value={change}
          options={[
            { value: 'add', label: t`Add` },
            { value: 'remove', label: t`Remove` },
          ]}
          onChange={setChange}
        />
        <NumberField
          name="margin-amount"
          label={t`Amount (USDT)`}
          hint={t`More margin moves the liquidation price away; removing is possible down to the initial margin.`}
          value={amount}
          decimals={QUOTE_DIGITS}
          onValue={(v) => (setAmount(v), setError(undefined))}
          onBlur={() => undefined}
          error={error}
        />
        <button
          type="submit"
          disabled={flight.busy || amount === ''}
          className="rounded-xl bg-brand px-4 py-2.5 font-semibold text-brand-contrast disabled:opacity-60"
        >
          {flight.busy ? t`Saving…` : t`Save`}
        </button>
      </form>
    </DraggableDialog>
  )
}
