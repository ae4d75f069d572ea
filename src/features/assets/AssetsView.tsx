/**
 * The assets page (issue 19): the total in USDT and in the reader's pricing currency; the spot wallet with its coins;
 * the futures wallet with what its money holds in positions and copy accounts; transfers between the two; the
 * sandbox's test funds with their daily rule; and a wallet's movements, by kind, a page at a time, exported as CSV.
 * Live: the balance channels of both markets keep the wallets current.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { ASSETS, DEV } from '#/app.config.ts'
import {
  WALLET_MOVEMENT_KINDS,
  type WalletAccount,
  type WalletMovement,
  type WalletMovementKind,
} from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import { loadedOk } from '#/exchange-client/index.ts'
import { useStreamListener } from '#/features/realtime/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { CoinAmount } from '#/ui/Amount.tsx'
import { Pager } from '#/ui/Pager.tsx'
import { notify } from '#/ui/toast.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { walletAccountSchema } from '#/contract/index.ts'
import { listWalletHistory, takeTestFunds } from './assets.functions.ts'
import { assetsQueries, FUTURES_WALLET, SPOT_WALLET, type WalletType } from './assets.queries.ts'
import { assetsRefusalText, movementText, walletName } from './assets.texts.ts'
import { movementsCsv } from './movements-csv.ts'
import { TransferDialog } from './TransferDialog.tsx'
import { walletTotalUsdt, WalletInUse, WalletTotal } from './WalletTotal.tsx'
import { DateTime } from '#/ui/DateTime.tsx'

const okData = <T,>(loaded: { status: string; data?: T } | undefined): T | undefined =>
  loaded?.status === 'ok' ? loaded.data : undefined

/** The wallets' balances pushed on the balance channels as money moves. */
function useLiveWallets() {
  const client = useQueryClient()
  const take = (walletType: WalletType) => (message: { data?: { result?: unknown } }) => {
    const parsed = walletAccountSchema.safeParse(message.data?.result)
    if (parsed.success) client.setQueryData(assetsQueries.wallet(walletType).queryKey, loadedOk(parsed.data))
  }
  useStreamListener({ channel: 'balance', biz: 'spot' }, take(SPOT_WALLET))
  useStreamListener({ channel: 'balance', biz: 'futures' }, take(FUTURES_WALLET))
}

export function AssetsView() {
  const { t } = useLingui()
  const format = useNumberFormat()
  const { shell } = useRouteContext({ from: '__root__' })
  useLiveWallets()
  const spot = okData(useQuery(assetsQueries.wallet(SPOT_WALLET)).data)
  const futures = okData(useQuery(assetsQueries.wallet(FUTURES_WALLET)).data)
  const [transfer, setTransfer] = useState<{ from: WalletType } | undefined>()
  const total = new Exact(walletTotalUsdt(spot)).plus(walletTotalUsdt(futures)).toFixed()
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="total-title"
        className="flex flex-wrap items-end justify-between gap-4 rounded-2xl border border-line bg-card p-5"
      >
        <div>
          <h2 id="total-title" className="text-sm text-muted">
            <Trans>Total assets</Trans>
          </h2>
          <p className="text-3xl font-bold tabular-nums" dir="ltr" data-testid="assets-total">
            {format.usdt(total)} <span className="text-base font-medium">USDT</span>
          </p>
          <p className="text-sm text-muted tabular-nums" dir="ltr" data-testid="assets-total-fiat">
            ≈ {format.fiat(total)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => setTransfer({ from: SPOT_WALLET })}
            className="rounded-xl bg-brand px-4 py-2 text-sm font-semibold text-brand-contrast"
            data-testid="open-transfer"
          >
            <Trans>Transfer</Trans>
          </button>
          {shell.config.sandbox.enabled ? <TestFundsButton /> : null}
        </div>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <WalletCard walletType={SPOT_WALLET} wallet={spot} onTransfer={() => setTransfer({ from: SPOT_WALLET })} />
        <WalletCard
          walletType={FUTURES_WALLET}
          wallet={futures}
          onTransfer={() => setTransfer({ from: FUTURES_WALLET })}
        />
      </div>
      <History />
      {transfer ? (
        <TransferDialog
          from={transfer.from}
          available={(walletType) =>
            (walletType === SPOT_WALLET ? spot : futures)?.list.find((b) => b.coin === 'USDT')?.transferable ?? '0'
          }
          onDone={() => setTransfer(undefined)}
        />
      ) : null}
      <p className="text-xs text-muted">{t`Balances are exact; values in USDT and in your currency are at the last prices.`}</p>
    </div>
  )
}

function WalletCard({
  walletType,
  wallet,
  onTransfer,
}: {
  walletType: WalletType
  wallet: WalletAccount | undefined
  onTransfer: () => void
}) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const name = walletName(i18n, walletType)
  return (
    <section
      aria-label={name}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-5"
      data-testid={`wallet-${walletType}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{name}</h2>
        <button type="button" onClick={onTransfer} className="text-sm text-brand hover:underline">
          <Trans>Transfer</Trans>
        </button>
      </div>
      <WalletTotal wallet={wallet} />
      {wallet && wallet.list.length > 0 ? (
        <table className="w-full text-sm">
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 text-start font-normal">
                <Trans>Coin</Trans>
              </th>
              <th scope="col" className="py-1 text-end font-normal">
                <Trans>Available</Trans>
              </th>
              <th scope="col" className="hidden py-1 text-end font-normal sm:table-cell">
                <Trans>In orders</Trans>
              </th>
              <th scope="col" className="py-1 text-end font-normal">
                <Trans>Value (USDT)</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {wallet.list.map((balance) => (
              <tr key={balance.coin} className="border-t border-line" data-coin={balance.coin}>
                <th scope="row" className="py-1.5 text-start font-semibold">
                  {balance.coin}
                </th>
                <td className="py-1.5 text-end tabular-nums" dir="ltr" data-testid="available">
                  <CoinAmount value={balance.available} />
                </td>
                <td className="hidden py-1.5 text-end tabular-nums sm:table-cell" dir="ltr">
                  <CoinAmount value={balance.frozen} />
                </td>
                <td className="py-1.5 text-end tabular-nums" dir="ltr">
                  {format.usdt(balance.usdtValue)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted">{t`Nothing in this wallet yet.`}</p>
      )}
      {walletType === FUTURES_WALLET && wallet ? <WalletInUse wallet={wallet} /> : null}
    </section>
  )
}

function TestFundsButton() {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const grant = format.amount(DEV.faucetUsdt)
  const flight = useSingleFlight()
  const client = useQueryClient()
  const [refusal, setRefusal] = useState<string | undefined>()
  // Today's grant is taken (just now, or the exchange says so, after a reload too): the button waits for the next UTC
  // day, saying why.
  const status = useQuery(assetsQueries.testFunds())
  const taken = status.data?.status === 'ok' && status.data.data.grantedToday ? status.data.data : undefined
  const [granted, setGranted] = useState(false)
  const waitText = (retryAfter: number) => {
    const hours = Math.max(1, Math.ceil(retryAfter / 3600))
    return t`Test funds come once a day: again after 00:00 UTC, in about ${hours} h.`
  }
  const take = () =>
    flight.run(async () => {
      const sent = await takeTestFunds({ data: {} })
      if (sent.status !== 'ok') {
        if (sent.reason === 'rate-limited') {
          setGranted(true)
          return setRefusal(waitText(sent.retryAfter ?? 0))
        }
        return setRefusal(assetsRefusalText(i18n, sent.reason))
      }
      setGranted(true)
      setRefusal(t`Today’s test funds are in your wallet. More after 00:00 UTC.`)
      const amount = format.amount(sent.data.amount)
      const { coin } = sent.data
      notify(t`${amount} test ${coin} added to your spot wallet`)
      void client.invalidateQueries({ queryKey: assetsQueries.all })
    })
  const why =
    refusal ?? (taken ? waitText(taken.retryAfter) : t`Sandbox: ${grant} test USDT once a day, into your spot wallet.`)
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        disabled={flight.busy || granted || taken !== undefined}
        aria-describedby="test-funds-why"
        onClick={() => void take()}
        className="rounded-xl border border-line px-4 py-2 text-sm font-semibold hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-60"
        data-testid="test-funds"
      >
        {flight.busy ? t`Adding…` : t`Get test funds`}
      </button>
      <p id="test-funds-why" className="max-w-xs text-end text-xs text-muted" role={refusal ? 'status' : undefined}>
        {why}
      </p>
    </div>
  )
}

function History() {
  const { t, i18n } = useLingui()
  const [walletType, setWalletType] = useState<WalletType>(SPOT_WALLET)
  const [kind, setKind] = useState<WalletMovementKind | undefined>()
  const [page, setPage] = useState(1)
  const [exporting, setExporting] = useState(false)
  const query = useQuery(assetsQueries.history(walletType, page, ASSETS.historyPageSize, kind))
  const history = okData(query.data)
  const exportCsv = async () => {
    setExporting(true)
    const rows: WalletMovement[] = []
    for (let p = 1; rows.length < ASSETS.csvMaxRows; p += 1) {
      const loaded = await listWalletHistory({ data: { walletType, page: p, pageSize: ASSETS.csvPageSize, kind } })
      if (loaded.status !== 'ok') break
      rows.push(...loaded.data.list)
      if (loaded.data.list.length < ASSETS.csvPageSize) break
    }
    setExporting(false)
    const csv = movementsCsv(
      rows.slice(0, ASSETS.csvMaxRows),
      { time: t`Time (UTC)`, wallet: t`Wallet`, kind: t`Kind`, coin: t`Coin`, amount: t`Amount` },
      { kind: (m) => movementText(i18n, m.kind), wallet: () => walletName(i18n, walletType) },
    )
    const link = document.createElement('a')
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
    link.download = `tandem-${walletType === SPOT_WALLET ? 'spot' : 'futures'}-history.csv`
    link.click()
    URL.revokeObjectURL(link.href)
  }
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="history-title" className="text-lg font-semibold">
          <Trans>History</Trans>
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm">
            <span className="sr-only">
              <Trans>Wallet</Trans>
            </span>
            <select
              value={walletType}
              onChange={(event) => {
                setWalletType(event.target.value === '3' ? FUTURES_WALLET : SPOT_WALLET)
                setPage(1)
              }}
              className="rounded-lg border border-line bg-card px-2 py-1"
            >
              <option value="1">{walletName(i18n, SPOT_WALLET)}</option>
              <option value="3">{walletName(i18n, FUTURES_WALLET)}</option>
            </select>
          </label>
          <label className="text-sm">
            <span className="sr-only">
              <Trans>Kind</Trans>
            </span>
            <select
              value={kind ?? ''}
              onChange={(event) => {
                setKind(WALLET_MOVEMENT_KINDS.find((k) => k === event.target.value))
                setPage(1)
              }}
              className="rounded-lg border border-line bg-card px-2 py-1"
              data-testid="history-kind"
            >
              <option value="">{t`Every kind`}</option>
              {WALLET_MOVEMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {movementText(i18n, k)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={exporting || (history?.total ?? 0) === 0}
            onClick={() => void exportCsv()}
            className="rounded-lg border border-line px-3 py-1 text-sm hover:bg-sunken disabled:opacity-50"
            data-testid="export-csv"
          >
            {exporting ? t`Exporting…` : t`Export CSV`}
          </button>
        </div>
      </div>
      {history && history.list.length > 0 ? (
        <ul className="flex flex-col" data-testid="history">
          {history.list.map((movement) => {
            const incoming = !movement.amount.startsWith('-')
            return (
              <li
                key={movement.id}
                className="flex items-center justify-between gap-3 border-t border-line py-2 text-sm"
              >
                <span className="flex min-w-0 flex-col">
                  <span>{movementText(i18n, movement.kind)}</span>
                  <DateTime at={movement.time} className="text-xs text-muted" />
                </span>
                <span className={`tabular-nums ${incoming ? 'text-up' : 'text-down'}`} dir="ltr">
                  <CoinAmount value={movement.amount} signed /> {movement.coin}
                </span>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="py-4 text-sm text-muted">{t`No movements yet.`}</p>
      )}
      <Pager
        page={page}
        pageSize={ASSETS.historyPageSize}
        total={history?.total ?? 0}
        label={t`History pages`}
        busy={query.isFetching}
        onPage={setPage}
      />
    </section>
  )
}
