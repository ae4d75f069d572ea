/** Query options of the copy set-up: instruments, the wallet's free USDT, and the what-if replay. */
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query'
import type { WhatIfRequest } from '../../../contract/index.ts'
import { getAvailableUsdt, getInstruments, getWhatIf } from './setup.functions.ts'

/** Instruments change with a deployment, not during a visit. */
const INSTRUMENTS_STALE_MS = 10 * 60_000
const WALLET_STALE_MS = 10_000
/** A replay of the same settings answers the same until the leader trades again. */
const WHAT_IF_STALE_MS = 60_000

export const setupQueries = {
  instruments: () => queryOptions({ queryKey: ['market-instruments'] as const, queryFn: () => getInstruments(), staleTime: INSTRUMENTS_STALE_MS }),
  /** Under 'my-copy' (one of COPY_QUERY_ROOTS): every copy action moves wallet money, and refreshes it. */
  availableUsdt: () => queryOptions({ queryKey: ['my-copy', 'wallet-usdt'] as const, queryFn: () => getAvailableUsdt(), staleTime: WALLET_STALE_MS }),
  /** Null: nothing to ask yet (the settings are not valid). */
  whatIf: (leaderId: string, request: WhatIfRequest | null) =>
    queryOptions({
      queryKey: ['copy-what-if', leaderId, request] as const,
      queryFn: request ? () => getWhatIf({ data: { leaderId, request } }) : skipToken,
      staleTime: WHAT_IF_STALE_MS,
      // The last result stays on screen while the next replay runs: no flicker while typing.
      placeholderData: keepPreviousData,
    }),
}
