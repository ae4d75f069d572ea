/**
 * The order form (issue 19): buy or sell, limit / market / stop, the amount typed (NumberField: the pair's decimals) or
 * taken as a share of what the side can spend, a preview of value, fee and (futures) margin and liquidation price,
 * every refusal shown at its field in the reader's language before anything is sent. Futures add margin mode,
 * leverage, the size unit of §3, reduce-only and take profit / stop loss. A market order worth more than
 * TERMINAL.confirmMarketOverUsdt is confirmed first. One press sends once (a single flight with its own
 * clientOrderId); Enter sends, Escape closes the confirmation.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { FUTURES, TERMINAL } from '#/app.config.ts'
import type { MarketInstrument, Order, OrderSide, TradingMarket } from '#/contract/index.ts'
import { FUTURES_UNITS, sizeToUnit, type FuturesUnit } from '#/contract/futures-units.ts'
import { Exact } from '#/contract/money.ts'
import type { Loaded } from '#/exchange-client/index.ts'
import { assetsQueries, FUTURES_WALLET, SPOT_WALLET } from '#/features/assets/index.ts'
import { HelpLink } from '#/features/i18n/index.ts'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { NumberField } from '#/ui/NumberField.tsx'
import { PercentSlider } from '#/ui/PercentSlider.tsx'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { notify } from '#/ui/toast.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { Amount } from '#/ui/Amount.tsx'
import { QUOTE_DIGITS, type PairFacts } from '../shared/pair.ts'
import { stepDecimals } from '../book/order-book-view.ts'
import { placeOrder } from '../trading.functions.ts'
import { tradingQueries } from '../trading.queries.ts'
import { refusalText, type RefusalLimits } from '../trading.texts.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { FuturesOrderSettings } from './FuturesOrderSettings.tsx'
import { keepDraft, recallDraft } from './draft-memory.ts'
import {
  amountAtPercent,
  draftFieldOf,
  emptyDraft,
  hasDraftErrors,
  previewDraft,
  priceBand,
  spendsQuote,
  toRequest,
  validateDraft,
  type DraftErrors,
  type DraftField,
  type OrderDraft,
  type OrderKind,
} from './order-draft.ts'
import { useDraftContext } from './useDraftContext.ts'

export interface PickedPrice {
  price: string
  /** Changes with every pick, so picking the same price twice fills it twice. */
  at: number
}

export interface OrderFormProps {
  biz: TradingMarket
  instrument: MarketInstrument
  pair: PairFacts
  signedIn: boolean
  mark: string
  last: string
  bestBid: string | undefined
  bestAsk: string | undefined
  picked: PickedPrice | undefined
  /** A lead trader's copiers on this market: their orders are copied (undefined: not leading here). */
  copiers: number | undefined
  /** The side the form opens on (the phone's buy and sell buttons). */
  initialSide?: OrderSide
  /** Where a visitor signs in, with the way back. */
  signIn: ReactNode
  /** Called once an order was placed (the phone's sheet closes). */
  onPlaced?: () => void
}

const UNIT_ORDER: readonly FuturesUnit[] = ['coin', 'sheet', 'bi', 'margin']
const newClientOrderId = () => `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

export function OrderForm(props: OrderFormProps) {
  const { biz, instrument, pair, signedIn, picked, copiers } = props
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const client = useQueryClient()
  const flight = useSingleFlight()
  const formId = useId()
  const [draft, setDraft] = useState<OrderDraft>(() => emptyDraft(props.initialSide ?? 'buy'))
  const [unit, setUnit] = useState<FuturesUnit>('coin')
  // What was typed survives a reload and Back/Forward (read once hydrated: the server renders an empty form).
  const untouched = useRef(draft)
  useEffect(() => {
    const kept = recallDraft(biz, instrument.pairCode, untouched.current.side)
    if (kept) {
      setDraft(kept.draft)
      setUnit(kept.unit)
    }
  }, [biz, instrument.pairCode])
  useEffect(() => {
    if (draft !== untouched.current) keepDraft(biz, instrument.pairCode, draft, unit)
  }, [biz, instrument.pairCode, draft, unit])
  const [percent, setPercent] = useState(0)
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set())
  const [attempted, setAttempted] = useState(false)
  const [server, setServer] = useState<DraftErrors>({})
  const [confirming, setConfirming] = useState<OrderDraft | undefined>()
  const [withTpsl, setWithTpsl] = useState(false)
  const futures = biz === 'futures'

  const context = useDraftContext({
    biz,
    instrument,
    side: draft.side,
    signedIn,
    mark: props.mark,
    last: props.last,
    unit,
    bestBid: props.bestBid,
    bestAsk: props.bestAsk,
  })
  const errors = useMemo(() => ({ ...validateDraft(draft, context), ...server }), [draft, context, server])
  const preview = useMemo(() => previewDraft(draft, context), [draft, context])

  // A level picked in the book fills the price (a market order becomes a limit one), as the pick arrives.
  const [seenPick, setSeenPick] = useState(picked)
  if (picked !== seenPick) {
    setSeenPick(picked)
    if (picked) setDraft((d) => ({ ...d, price: picked.price, kind: d.kind === 'market' ? 'limit' : d.kind }))
  }

  const update = (change: Partial<OrderDraft>, field?: DraftField) => {
    setDraft((d) => ({ ...d, ...change }))
    if (field) setServer(({ [field]: _dropped, ...rest }) => rest)
    if (change.amount !== undefined) setPercent(0)
  }
  const touch = (field: DraftField) => setTouched((set) => new Set(set).add(field))
  const band = priceBand(context)
  const bandPercent = new Exact(instrument.rules.priceBandRatio).times(100).toFixed()
  const limits: RefusalLimits = {
    quote: pair.quote,
    minNotional: format.number(instrument.rules.minNotional, { digits: stepDecimals(instrument.rules.minNotional) }),
    maxNotional: format.number(instrument.rules.maxNotional, { digits: stepDecimals(instrument.rules.maxNotional) }),
    band: {
      percent: format.number(bandPercent, { digits: stepDecimals(bandPercent) }),
      low: format.number(band.low.toFixed(), { digits: pair.priceDigits }),
      high: format.number(band.high.toFixed(), { digits: pair.priceDigits }),
    },
  }
  const shownError = (field: DraftField) => {
    const code = errors[field]
    return code && (touched.has(field) || attempted || server[field]) ? refusalText(i18n, code, limits) : undefined
  }

  const spending = spendsQuote(draft, context)
  const priceDigits = pair.priceDigits
  const { min: minRate, max: maxRate } = FUTURES.trailingCallbackPercent
  const amountDigits = spending
    ? QUOTE_DIGITS
    : futures
      ? unit === 'coin'
        ? pair.sizeDigits
        : unit === 'sheet'
          ? stepDecimals(new Exact(instrument.lotSize).div(instrument.contractSize).toFixed())
          : QUOTE_DIGITS
      : pair.sizeDigits

  const send = (order: OrderDraft) =>
    flight.run(async () => {
      const sent = await placeOrder({ data: toRequest(order, context, newClientOrderId()) })
      if (sent.status !== 'ok') {
        const field = sent.fields.map(draftFieldOf).find((f) => f !== undefined)
        if (field) setServer({ [field]: sent.reason })
        notify(refusalText(i18n, sent.reason, limits), 'error')
        return
      }
      const placed = sent.data.order
      rememberOrder(placed)
      notify(
        placed.status === 'filled'
          ? t`Order filled`
          : placed.status === 'cancelled'
            ? t`Order ended unfilled`
            : t`Order placed`,
      )
      setDraft((d) => ({ ...d, amount: '', takeProfit: '', stopLoss: '' }))
      setPercent(0)
      setTouched(new Set())
      setAttempted(false)
      props.onPlaced?.()
    })

  /** The placed order in the open orders at once; balances and positions follow from their channels. */
  const rememberOrder = (order: Order) => {
    const open = order.status === 'new' || order.status === 'partially-filled' || order.status === 'untriggered'
    if (open)
      client.setQueryData(tradingQueries.openOrders(biz).queryKey, (current): Loaded<Order[]> | undefined =>
        current?.status === 'ok'
          ? { status: 'ok', data: [order, ...current.data.filter((o) => o.id !== order.id)] }
          : current,
      )
    void client.invalidateQueries({ queryKey: assetsQueries.wallet(futures ? FUTURES_WALLET : SPOT_WALLET).queryKey })
    if (futures) void client.invalidateQueries({ queryKey: tradingQueries.positions(biz).queryKey })
  }

  const submit = () => {
    setAttempted(true)
    if (!signedIn || hasDraftErrors(errors) || flight.busy) return
    const confirmOver = new Exact(TERMINAL.confirmMarketOverUsdt)
    if (draft.kind === 'market' && preview.value && preview.value.gt(confirmOver)) {
      setConfirming(draft)
      return
    }
    void send(draft)
  }

  const sideLabel = (side: OrderSide) =>
    futures ? (side === 'buy' ? t`Open long` : t`Open short`) : side === 'buy' ? t`Buy` : t`Sell`
  const { base, quote } = pair
  const availableCoin = futures || draft.side === 'buy' ? quote : base
  const unitLabel = (u: FuturesUnit) =>
    u === 'coin' ? base : u === 'sheet' ? t`Contracts` : u === 'bi' ? t`Value (${quote})` : t`Margin (${quote})`
  const amountUnit =
    spending || (futures && unit !== 'coin') ? (unit === 'sheet' && !spending ? t`Cont.` : quote) : base
  const buy = draft.side === 'buy'
  const submitLabel = draft.reduceOnly ? (buy ? t`Close short` : t`Close long`) : sideLabel(draft.side)

  return (
    <section aria-labelledby={`${formId}-title`} className="flex flex-col gap-3 p-3" data-testid="order-form">
      <h2 id={`${formId}-title`} className="sr-only">
        <Trans>Place an order</Trans>
      </h2>
      {futures ? (
        <FuturesOrderSettings
          pairCode={instrument.pairCode}
          signedIn={signedIn}
          marginMode={context.marginMode}
          leverage={context.leverage}
          maxLeverage={instrument.maxLeverage}
          brackets={instrument.brackets}
          leading={copiers !== undefined}
        />
      ) : null}
      <div role="radiogroup" aria-label={t`Side`} className="grid grid-cols-2 gap-1 rounded-xl bg-sunken p-1">
        {(['buy', 'sell'] as const).map((side) => (
          <button
            key={side}
            type="button"
            role="radio"
            aria-checked={draft.side === side}
            onClick={() => {
              // Each side keeps its own draft; a side with none takes what is typed now.
              const kept = side === draft.side ? undefined : recallDraft(biz, instrument.pairCode, side)
              if (kept) {
                setDraft(kept.draft)
                setUnit(kept.unit)
              } else update({ side })
            }}
            data-testid={`side-${side}`}
            className={`rounded-lg py-1.5 text-sm font-semibold ${
              draft.side === side ? (side === 'buy' ? 'bg-up text-on-up' : 'bg-down text-on-down') : 'text-muted'
            }`}
          >
            {side === 'buy' ? (futures ? t`Long` : t`Buy`) : futures ? t`Short` : t`Sell`}
          </button>
        ))}
      </div>
      <SegmentedTabs<OrderKind>
        label={t`Order type`}
        value={draft.kind}
        options={[
          { value: 'limit', label: t`Limit` },
          { value: 'market', label: t({ message: 'Market', context: 'order type' }) },
          { value: 'stop', label: t`Stop` },
          ...(futures
            ? [{ value: 'trailing' as const, label: t({ message: 'Trailing', context: 'order type tab' }) }]
            : []),
        ]}
        onChange={(kind) => update({ kind })}
      />
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        {draft.kind === 'stop' ? (
          <NumberField
            name="trigger"
            label={t`Trigger price (${quote})`}
            value={draft.trigger}
            decimals={priceDigits}
            onValue={(trigger) => update({ trigger }, 'trigger')}
            onBlur={() => touch('trigger')}
            error={shownError('trigger')}
            hint={t`A buy stop waits for the price to rise to it, a sell stop for it to fall to it.`}
          />
        ) : null}
        {draft.kind === 'trailing' ? (
          <>
            <NumberField
              name="callbackRate"
              label={t`Callback rate (%)`}
              value={draft.callbackRate}
              decimals={FUTURES.trailingCallbackPercent.digits}
              onValue={(callbackRate) => update({ callbackRate }, 'callbackRate')}
              onBlur={() => touch('callbackRate')}
              error={shownError('callbackRate')}
              hint={t`From ${minRate} % to ${maxRate} %. A sell follows the highest price and sells when the price falls this far below it; a buy follows the lowest and buys on the rise.`}
            />
            <NumberField
              name="activation"
              label={t`Activation price (${quote}), empty to trail now`}
              value={draft.activation}
              decimals={priceDigits}
              onValue={(activation) => update({ activation }, 'activation')}
              onBlur={() => touch('activation')}
              error={shownError('activation')}
              hint={t`A sell starts trailing when the price rises to it, a buy when it falls to it.`}
            />
          </>
        ) : null}
        {draft.kind === 'market' || draft.kind === 'trailing' ? (
          <p className="rounded-xl bg-sunken px-3 py-2.5 text-sm text-muted">
            <Trans>At the best price on the book</Trans>
          </p>
        ) : (
          <NumberField
            name="price"
            label={draft.kind === 'stop' ? t`Limit price (${quote}), empty for market` : t`Price (${quote})`}
            value={draft.price}
            decimals={priceDigits}
            onValue={(price) => update({ price }, 'price')}
            onBlur={() => touch('price')}
            error={shownError('price')}
            unit={
              <button
                type="button"
                className="rounded px-1.5 py-0.5 text-xs text-brand hover:underline"
                onClick={() => update({ price: new Exact(props.last).toFixed() }, 'price')}
              >
                <Trans>Last</Trans>
              </button>
            }
          />
        )}
        {futures ? (
          <label className="flex items-center justify-between gap-2 text-sm">
            <span className="text-muted">
              <Trans>Amount in</Trans>
            </span>
            <select
              value={unit}
              onChange={(event) => {
                const next = UNIT_ORDER.find((u) => u === event.target.value) ?? 'coin'
                const size = preview.size
                setUnit(next)
                // The typed amount follows the unit, so the order stays the same size.
                if (size && draft.amount !== '') {
                  const inUnit = sizeToUnit(size, next, {
                    price: new Exact(draft.kind === 'market' || draft.price === '' ? props.last : draft.price),
                    contractSize: new Exact(instrument.contractSize),
                    lotSize: new Exact(instrument.lotSize),
                    leverage: context.leverage,
                  })
                  setDraft((d) => ({ ...d, amount: inUnit.toFixed() }))
                }
              }}
              className="rounded-lg border border-line bg-card px-2 py-1 text-sm"
              data-testid="size-unit"
            >
              {UNIT_ORDER.map((u) => (
                <option key={u} value={u} data-code={FUTURES_UNITS[u]}>
                  {unitLabel(u)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {!futures && draft.kind === 'market' && draft.side === 'buy' ? (
          <label className="flex items-center justify-between gap-2 text-sm">
            <span className="text-muted">
              <Trans>Amount in</Trans>
            </span>
            <select
              value={draft.amountIn}
              onChange={(event) => {
                const next = event.target.value === 'quote' ? 'quote' : 'base'
                // A new unit starts empty: a number in one coin is not the same number in the other.
                update({ amountIn: next, amount: '' }, 'amount')
              }}
              className="rounded-lg border border-line bg-card px-2 py-1 text-sm"
              data-testid="spot-amount-in"
            >
              <option value="base">{base}</option>
              <option value="quote">{t`Total (${quote})`}</option>
            </select>
          </label>
        ) : null}
        <NumberField
          name="amount"
          label={spending ? t`Total (${quote})` : t`Amount (${amountUnit})`}
          value={draft.amount}
          decimals={amountDigits}
          onValue={(amount) => update({ amount }, 'amount')}
          onBlur={() => touch('amount')}
          error={shownError('amount')}
        />
        <PercentSlider
          label={t`Share of available balance`}
          value={percent}
          stops={TERMINAL.amountPercents}
          disabled={!signedIn}
          onChange={(next) => {
            setPercent(next)
            setDraft((d) => ({ ...d, amount: amountAtPercent(next, d, context) }))
          }}
        />
        <p className="flex justify-between gap-2 text-xs text-muted">
          <span>
            <Trans>Available</Trans>
          </span>
          <span>
            {context.available === undefined ? (
              '--'
            ) : (
              <Amount
                value={context.available}
                digits={availableCoin === quote ? QUOTE_DIGITS : pair.sizeDigits}
                className="text-ink"
              />
            )}{' '}
            {availableCoin}
          </span>
        </p>
        {futures ? (
          <div className="flex flex-col gap-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.reduceOnly}
                onChange={(event) => update({ reduceOnly: event.target.checked }, 'reduceOnly')}
                className="size-4 accent-(--brand)"
              />
              <Trans>Reduce only</Trans>
            </label>
            {shownError('reduceOnly') ? (
              <p role="alert" className="text-sm text-down">
                {shownError('reduceOnly')}
              </p>
            ) : null}
            {draft.reduceOnly ? null : (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={withTpsl}
                  onChange={(event) => {
                    setWithTpsl(event.target.checked)
                    if (!event.target.checked) update({ takeProfit: '', stopLoss: '' })
                  }}
                  className="size-4 accent-(--brand)"
                />
                <Trans>Take profit / stop loss</Trans>
              </label>
            )}
            {withTpsl && !draft.reduceOnly ? (
              <div className="grid grid-cols-2 gap-2">
                <NumberField
                  name="takeProfit"
                  label={t`Take profit`}
                  value={draft.takeProfit}
                  decimals={priceDigits}
                  onValue={(takeProfit) => update({ takeProfit }, 'takeProfit')}
                  onBlur={() => touch('takeProfit')}
                  error={shownError('takeProfit')}
                />
                <NumberField
                  name="stopLoss"
                  label={t`Stop loss`}
                  value={draft.stopLoss}
                  decimals={priceDigits}
                  onValue={(stopLoss) => update({ stopLoss }, 'stopLoss')}
                  onBlur={() => touch('stopLoss')}
                  error={shownError('stopLoss')}
                />
              </div>
            ) : null}
          </div>
        ) : null}
        {draft.kind === 'limit' ? (
          <label className="flex items-center justify-between gap-2 text-sm">
            <span className="text-muted">
              <Trans>Time in force</Trans>
            </span>
            <select
              value={draft.timeInForce}
              onChange={(event) => {
                const value = (['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const).find((v) => v === event.target.value)
                if (value) update({ timeInForce: value }, 'timeInForce')
              }}
              className="rounded-lg border border-line bg-card px-2 py-1 text-sm"
            >
              <option value="GTC">{t`Good till cancelled`}</option>
              <option value="IOC">{t`Immediate or cancel`}</option>
              <option value="FOK">{t`Fill or kill`}</option>
              <option value="POST_ONLY">{t`Post only`}</option>
            </select>
          </label>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs" data-testid="order-preview">
          {spending ? (
            <>
              <dt className="text-muted">
                <Trans>Est. amount</Trans>
              </dt>
              <dd className="text-end" data-testid="preview-size">
                <Amount value={preview.size?.toFixed()} digits={pair.sizeDigits} /> {base}
              </dd>
            </>
          ) : null}
          {futures && unit !== 'coin' ? (
            <>
              <dt className="text-muted">
                <Trans>Size</Trans>
              </dt>
              <dd className="text-end">
                <Amount value={preview.size?.toFixed()} digits={pair.sizeDigits} /> {base}
              </dd>
            </>
          ) : null}
          <dt className="text-muted">
            <Trans>Value</Trans>
          </dt>
          <dd className="text-end" data-testid="preview-value">
            <Amount value={preview.value?.toFixed()} digits={QUOTE_DIGITS} /> {quote}
          </dd>
          {futures ? (
            <>
              <dt className="text-muted">
                <Trans>Margin</Trans>
              </dt>
              <dd className="text-end" data-testid="preview-margin">
                <Amount value={preview.margin?.toFixed()} digits={QUOTE_DIGITS} /> {quote}
              </dd>
              <dt className="flex items-center gap-1 text-muted">
                <Trans>Est. liquidation price</Trans>
                <HelpLink to="liquidation" label={t`Learn more about liquidation`} testId="help-liquidation" />
              </dt>
              <dd className="text-end" data-testid="preview-liquidation">
                <Amount value={preview.liquidation?.toFixed()} digits={priceDigits} />
              </dd>
            </>
          ) : null}
          <dt className="text-muted">
            <Trans>Fee (at most)</Trans>
          </dt>
          <dd className="text-end" data-testid="preview-fee">
            <Amount
              value={preview.fee?.toFixed()}
              digits={preview.feeCoin === quote ? QUOTE_DIGITS + 2 : pair.sizeDigits}
            />{' '}
            {preview.feeCoin}
          </dd>
        </dl>
        {copiers !== undefined ? (
          <p className="rounded-lg bg-brand/10 px-3 py-2 text-xs text-ink" data-testid="lead-notice">
            {copiers === 0
              ? t`You lead on this market: your orders here will be copied by those who copy you.`
              : copiers === 1
                ? t`You lead on this market: your orders here are copied by 1 copier.`
                : t`You lead on this market: your orders here are copied by ${copiers} copiers.`}
          </p>
        ) : null}
        {/* Sticky: where the form scrolls in its column (a short screen, TP/SL open), its button stays in sight. */}
        <div className="sticky bottom-0 -mx-3 -mb-3 flex flex-col bg-page px-3 pt-1 pb-3">
          {signedIn ? (
            <button
              type="submit"
              disabled={flight.busy}
              aria-busy={flight.busy}
              data-testid="submit-order"
              className={`rounded-xl py-3 text-sm font-semibold disabled:opacity-60 ${buy ? 'bg-up text-on-up' : 'bg-down text-on-down'}`}
            >
              {flight.busy ? t`Sending…` : `${submitLabel} ${base}`}
            </button>
          ) : (
            props.signIn
          )}
        </div>
      </form>
      <DraggableDialog
        open={confirming !== undefined}
        onClose={() => setConfirming(undefined)}
        title={t`Confirm market order`}
        closeLabel={t`Close`}
      >
        {confirming ? (
          <div className="flex flex-col gap-4" data-testid="confirm-market">
            <p className="text-sm">
              {t`This market order is worth about`}{' '}
              <Amount value={preview.value?.toFixed()} digits={QUOTE_DIGITS} className="font-semibold" /> {quote}.{' '}
              {t`It trades at once at the best prices on the book, which may move against you.`}
            </p>
            <div className="flex justify-end gap-2">
              <button type="button" className="rounded-xl px-4 py-2 text-sm" onClick={() => setConfirming(undefined)}>
                {t`Cancel`}
              </button>
              <button
                type="button"
                disabled={flight.busy}
                className={`rounded-xl px-4 py-2 text-sm font-semibold ${buy ? 'bg-up text-on-up' : 'bg-down text-on-down'}`}
                onClick={() => {
                  const order = confirming
                  setConfirming(undefined)
                  void send(order)
                }}
              >
                {submitLabel}
              </button>
            </div>
          </div>
        ) : null}
      </DraggableDialog>
    </section>
  )
}
