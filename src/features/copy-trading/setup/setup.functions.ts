/**
 * Copying a leader and editing the copy, asked of the exchange with the session (server side):
 * following, the settings edit, the what-if replay, the instruments' lot sizes and leverage caps,
 * and the wallet's free USDT the investment comes from.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { WALLET_TYPES } from '#/app.config.ts'
import {
  copyFollowResponseSchema,
  copySettingsUpdateSchema,
  followRequestSchema,
  idSchema,
  marketInstrumentsResponseSchema,
  walletAccountResponseSchema,
  whatIfRequestSchema,
  whatIfResponseSchema,
} from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware, type Loaded } from '#/exchange-client/index.ts'

/** Copies are funded and settled in USDT. */
const QUOTE_COIN = 'USDT'

export const followLeader = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(followRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/copy/v1/copies', copyFollowResponseSchema, data),
  )

export const updateCopySettings = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ leaderId: idSchema, update: copySettingsUpdateSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('PUT', `/copy/v1/copies/${data.leaderId}/settings`, copyFollowResponseSchema, data.update),
  )

/** A replay that stores nothing: a read, though the exchange takes it as a POST body. */
export const getWhatIf = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ leaderId: idSchema, request: whatIfRequestSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', `/copy/v1/leaders/${data.leaderId}/what-if`, whatIfResponseSchema, data.request),
  )

export const getInstruments = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) => exchange.load('/market/v1/instruments', marketInstrumentsResponseSchema))

/** The free USDT of the EXCHANGE wallet, which a copy is funded from. */
export const getAvailableUsdt = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(async ({ context: { exchange } }): Promise<Loaded<string>> => {
    if (!exchange.session.active) return { status: 'unavailable' }
    const walletType = Number(WALLET_TYPES.EXCHANGE)
    const wallet = await exchange.load('/asset/v1/api/wallet/account', walletAccountResponseSchema, {
      method: 'POST',
      body: { walletTypeList: [walletType] },
    })
    if (wallet.status !== 'ok') return wallet
    const usdt = wallet.data.list.find((b) => b.walletType === walletType && b.coin === QUOTE_COIN)
    return { status: 'ok', data: usdt?.available ?? '0' }
  })
