/**
 * The user's wallets (issue 19, assets): balances of the spot and futures wallets with what the futures wallet's money
 * holds elsewhere (positions, copy accounts), transfers between the wallets, the sandbox's test funds, and a wallet's
 * movements. Asked of the exchange with the session (server side).
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { TRADING_PAGES } from '#/app.config.ts'
import {
  faucetRequestSchema,
  faucetResponseSchema,
  faucetStatusResponseSchema,
  walletAccountResponseSchema,
  walletHistoryResponseSchema,
  walletMovementKindSchema,
  walletTransferRequestSchema,
  walletTransferResponseSchema,
} from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

const walletType = z.union([z.literal(1), z.literal(3)])

export const getWallet = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ walletType })))
  .handler(async ({ data, context: { exchange } }) => {
    if (!exchange.session.active) return { status: 'unavailable' } as const
    return exchange.load('/asset/v1/api/wallet/account', walletAccountResponseSchema, {
      method: 'POST',
      // §7's body: the one wallet type as a bare number (the spot wallet is `walletTypeList: 1`).
      body: { walletTypeList: data.walletType },
    })
  })

export const listWalletHistory = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(
    validated(
      z.object({
        walletType,
        page: z.number().int().min(1).max(TRADING_PAGES.maxPage),
        pageSize: z.number().int().min(1).max(100),
        kind: walletMovementKindSchema.optional(),
      }),
    ),
  )
  .handler(({ data, context: { exchange } }) =>
    exchange.load(
      `/asset/v1/api/wallet/history?walletType=${data.walletType}&page=${data.page}&pageSize=${data.pageSize}${data.kind ? `&kind=${data.kind}` : ''}`,
      walletHistoryResponseSchema,
    ),
  )

export const transferBetweenWallets = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(walletTransferRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/asset/v1/api/wallet/transfer', walletTransferResponseSchema, data),
  )

/** Whether today's test USDT is taken, and the seconds until the next (the button waits, after a reload too). */
export const getTestFundsStatus = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(async ({ context: { exchange } }) => {
    if (!exchange.session.active) return { status: 'unavailable' } as const
    return exchange.load('/dev/faucet', faucetStatusResponseSchema)
  })

/** The sandbox's test USDT, once a day per account (refused as rate-limited until 00:00 UTC otherwise). */
export const takeTestFunds = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(faucetRequestSchema))
  .handler(({ data, context: { exchange } }) => exchange.send('POST', '/dev/faucet', faucetResponseSchema, data))
