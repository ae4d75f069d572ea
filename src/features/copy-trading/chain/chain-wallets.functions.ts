/**
 * The on-chain smart-money wallets, asked of the exchange on the server: the list, one wallet, and copying one (with
 * the session).
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  chainFollowRequestSchema,
  chainWalletDetailResponseSchema,
  chainWalletPageResponseSchema,
  chainWalletPathSchema,
  copyFollowResponseSchema,
} from '#/contract/index.ts'
import { WALLET_SORTS, walletPath } from './wallet-address.ts'
import { MAX_PAGE } from '../my-copies/paging.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

export const WALLET_PAGE_SIZE = 20

export const listChainWallets = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ sort: z.enum(WALLET_SORTS), page: z.number().int().min(1).max(MAX_PAGE) })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(
      `/copy/v1/chain-wallets?sort=${data.sort}&page=${data.page}&pageSize=${WALLET_PAGE_SIZE}`,
      chainWalletPageResponseSchema,
    ),
  )

export const getChainWallet = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(chainWalletPathSchema))
  .handler(({ data, context: { exchange } }) => exchange.load(walletPath(data), chainWalletDetailResponseSchema))

export const followChainWallet = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(chainWalletPathSchema.extend({ settings: chainFollowRequestSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', `${walletPath(data)}/follow`, copyFollowResponseSchema, data.settings),
  )
