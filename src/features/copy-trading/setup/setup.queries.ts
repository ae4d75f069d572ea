/** Query options of the copy set-up: instruments, the wallet's free USDT, and the what-if replay. */
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query'
import type { WhatIfRequest } from '#/contract/index.ts'
import { copyQueries } from '../shared/copy.queries.ts'
import { getAvailableUsdt, getInstruments, getWhatIf } from './setup.functions.ts'

/** Instruments change with a deployment, not during a visit. */
const INSTRUMENTS_STALE_MS = 10 * 60_000
const WALLET_STALE_MS = 10_000
/** A replay of the same settings answers the same until the leader trades again. */
const WHAT_IF_STALE_MS = 60_000

export const setupQueries = {
  instruments: () =>
    queryOptions({
      queryKey: [...copyQueries.all, 'instruments'] as const,
      queryFn: () => getInstruments(),
      staleTime: INSTRUMENTS_STALE_MS,
    }),
  /** Every copy action moves wallet money: refreshed with the rest after one. */
  availableUsdt: () =>
    queryOptions({
      queryKey: [...copyQueries.all, 'wallet-usdt'] as const,
      queryFn: () => getAvailableUsdt(),
      staleTime: WALLET_STALE_MS,
    }),
  /** Null: nothing to ask yet (the settings are not valid). */
  whatIf: (leaderId: string, request: WhatIfRequest | null) =>
    queryOptions({
      queryKey: [...copyQueries.all, 'what-if', leaderId, request] as const,
      queryFn: request ? () => getWhatIf({ data: { leaderId, request } }) : skipToken,
      staleTime: WHAT_IF_STALE_MS,
      // The last result stays on screen while the next replay runs: no flicker while typing.
      placeholderData: keepPreviousData,
    }),
}
