/** The pages of the two terminal routes: the pair's terminal, with the chart interval in the URL. */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useLoaderData, useNavigate, useSearch } from '@tanstack/react-router'
import { TERMINAL } from '#/app.config.ts'
import { klineIntervalSchema, type TradingMarket } from '#/contract/index.ts'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { pairMarketQueries } from './pair-market.queries.ts'
import { TradeTerminal } from './TradeTerminal.tsx'

const ROUTES = {
  spot: '/{-$locale}/spot/$pair',
  futures: '/{-$locale}/futures/$pair',
} as const satisfies Record<TradingMarket, string>

const DEFAULT_INTERVAL = klineIntervalSchema.parse(TERMINAL.defaultInterval)

function TerminalPage({ biz }: { biz: TradingMarket }) {
  const { t } = useLingui()
  const from = ROUTES[biz]
  const { instrument, instruments } = useLoaderData({ from })
  const interval = useSearch({ from }).interval ?? DEFAULT_INTERVAL
  const navigate = useNavigate({ from })
  const { data, refetch, isFetching } = useQuery(pairMarketQueries.market(biz, instrument.pairCode))
  if (data?.status !== 'ok')
    return (
      <main className="mx-auto max-w-3xl p-6">
        <ErrorState
          message={t`The market could not be loaded. The exchange did not answer.`}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </main>
    )
  return (
    <TradeTerminal
      key={`${biz}:${instrument.pairCode}`}
      biz={biz}
      instrument={instrument}
      instruments={instruments}
      market={data.data}
      interval={interval}
      onInterval={(next) =>
        void navigate({ search: { interval: next === DEFAULT_INTERVAL ? undefined : next }, replace: true })
      }
    />
  )
}

export const SpotTerminalPage = () => <TerminalPage biz="spot" />
export const FuturesTerminalPage = () => <TerminalPage biz="futures" />
