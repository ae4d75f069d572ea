/**
 * The two terminal routes (/spot/{pair}, /futures/{pair}) in one definition (issue 19): the pair checked against the
 * exchange's instruments (a pair it does not list is 404 'Page Not Found'; any case is taken and sent on to the
 * pair's own spelling), the chart interval in the search (a bad value falls back), the loader that reads the pair's
 * market (a perpetual's funding with it) and the trader's orders, positions and balance for the first paint, and a head
 * titled with the pair. The page components are in TerminalPage.tsx, named by the route files (each page its own
 * chunk).
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import { redirect, type StaticDataRouteOption } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { KLINE_INTERVALS, type MarketInstrument, type TradingMarket } from '#/contract/index.ts'
import { assetsQueries, FUTURES_WALLET, SPOT_WALLET } from '#/features/assets/index.ts'
import { leadQueries } from '#/features/copy-trading/index.ts'
import { marketsQueries } from '#/features/markets/index.ts'
import { validationFailed } from '#/features/routing/index.ts'
import { pageHead, StatusError, SUNKEN_MOBILE_HEADER } from '#/features/shell/index.ts'
import { withLocalePrefix } from '#/lib/locale.ts'
import type { LocaleCode } from '#/app.config.ts'
import { pairMarketQueries } from './pair-market.queries.ts'
import { tradingQueries } from './trading.queries.ts'

export const terminalSearchSchema = z.object({
  interval: z.catch(z.optional(z.enum(KLINE_INTERVALS)), undefined),
})
export type TerminalSearch = z.output<typeof terminalSearchSchema>

interface TerminalPage {
  title: MessageDescriptor
  description: MessageDescriptor
  staticData: StaticDataRouteOption
}

const PAGES: Record<TradingMarket, TerminalPage> = {
  spot: {
    title: msg`{pair} spot trading`,
    description: msg`Trade {pair} on spot: live chart, order book and trades, limit, market and stop orders.`,
    staticData: { mobileHeaderBg: SUNKEN_MOBILE_HEADER },
  },
  futures: {
    title: msg`{pair} perpetual futures`,
    description: msg`Trade the {pair} USDT perpetual: leverage, isolated or cross margin, take profit and stop loss, live book and chart.`,
    staticData: { guards: ['futures-redirect'], mobileHeaderBg: SUNKEN_MOBILE_HEADER },
  },
}

export interface TerminalLoaderData {
  instrument: MarketInstrument
  instruments: MarketInstrument[]
}

interface LoaderInput {
  context: { queryClient: QueryClient; shell: { loggedIn: boolean }; prefix: LocaleCode | undefined }
  params: { pair: string }
}

async function loadTerminal(biz: TradingMarket, { context, params }: LoaderInput): Promise<TerminalLoaderData> {
  const { queryClient } = context
  const loaded = await queryClient.ensureQueryData(marketsQueries.instruments())
  if (loaded.status !== 'ok')
    throw new StatusError(
      503,
      msg`The exchange is not answering right now, so this market cannot be shown. Please try again shortly.`,
    )
  const instrument = loaded.data.find((i) => i.pairCode === params.pair.toUpperCase() && i[biz])
  if (!instrument) validationFailed()
  if (instrument.pairCode !== params.pair)
    throw redirect({ href: withLocalePrefix(context.prefix, `/${biz}/${instrument.pairCode}`), statusCode: 301 })
  const reads: Promise<unknown>[] = [queryClient.ensureQueryData(pairMarketQueries.market(biz, instrument.pairCode))]
  // The perpetual's funding rate is in the header's first paint too.
  if (biz === 'futures') reads.push(queryClient.ensureQueryData(pairMarketQueries.funding(instrument.pairCode)))
  if (context.shell.loggedIn) {
    reads.push(
      queryClient.ensureQueryData(tradingQueries.openOrders(biz)),
      queryClient.ensureQueryData(tradingQueries.positions(biz)),
      queryClient.ensureQueryData(assetsQueries.wallet(biz === 'futures' ? FUTURES_WALLET : SPOT_WALLET)),
      queryClient.ensureQueryData(leadQueries.summary()),
    )
    if (biz === 'futures')
      reads.push(
        queryClient.ensureQueryData(tradingQueries.leverage(instrument.pairCode)),
        queryClient.ensureQueryData(tradingQueries.marginMode(instrument.pairCode)),
      )
  }
  await Promise.all(reads)
  return { instrument, instruments: loaded.data }
}

function terminalRoute(biz: TradingMarket) {
  const page = PAGES[biz]
  return {
    staticData: page.staticData,
    validateSearch: terminalSearchSchema,
    loader: (input: LoaderInput) => loadTerminal(biz, input),
    head: ({
      match,
      loaderData,
    }: {
      match: Parameters<typeof pageHead>[0]['match']
      loaderData?: TerminalLoaderData
    }) => {
      const pair = loaderData ? `${loaderData.instrument.baseCoin}/${loaderData.instrument.quoteCoin}` : ''
      return pageHead({ match, title: page.title, values: { pair }, description: page.description })
    },
  }
}

// One per route, for the route file to spread.
export const spotTerminalRoute = terminalRoute('spot')
export const futuresTerminalRoute = terminalRoute('futures')
