/**
 * Copying a leader and editing the copy, asked of the exchange with the session (server side):
 * following, the settings edit, the what-if replay, the instruments' lot sizes and leverage caps,
 * and the wallet's free USDT the investment comes from.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { WALLET_TYPES } from '../../../../app.config.ts'
import {
  copyFollowResponseSchema,
  copySettingsUpdateSchema,
  followRequestSchema,
  idSchema,
  marketInstrumentsResponseSchema,
  walletAccountResponseSchema,
  whatIfRequestSchema,
  whatIfResponseSchema,
} from '../../../contract/index.ts'
import { clearSessionCookies, hasSession, serverApi } from '../../auth/api.server.ts'
import type { Loaded } from '../copy-api.ts'
import { loadEnvelope, sendEnvelope } from '../copy-api.server.ts'

/** Copies are funded and settled in USDT. */
const QUOTE_COIN = 'USDT'

export const followLeader = createServerFn({ method: 'POST' })
  .validator(followRequestSchema)
  .handler(({ data }) => sendEnvelope('POST', '/copy/v1/copies', copyFollowResponseSchema, data))

export const updateCopySettings = createServerFn({ method: 'POST' })
  .validator(z.object({ leaderId: idSchema, update: copySettingsUpdateSchema }))
  .handler(({ data }) => sendEnvelope('PUT', `/copy/v1/copies/${data.leaderId}/settings`, copyFollowResponseSchema, data.update))

/** A replay that stores nothing: a read, though the exchange takes it as a POST body. */
export const getWhatIf = createServerFn({ method: 'GET' })
  .validator(z.object({ leaderId: idSchema, request: whatIfRequestSchema }))
  .handler(({ data }) => sendEnvelope('POST', `/copy/v1/leaders/${data.leaderId}/what-if`, whatIfResponseSchema, data.request))

export const getInstruments = createServerFn({ method: 'GET' }).handler(() => loadEnvelope('/market/v1/instruments', marketInstrumentsResponseSchema))

/** The free USDT of the EXCHANGE wallet, which a copy is funded from. */
export const getAvailableUsdt = createServerFn({ method: 'GET' }).handler(async (): Promise<Loaded<string>> => {
  if (!hasSession()) return { status: 'unavailable' }
  const walletType = Number(WALLET_TYPES.EXCHANGE)
  const envelope = await serverApi()('/asset/v1/api/wallet/account', { method: 'POST', body: { walletTypeList: [walletType] } })
  if (envelope.code === 401) clearSessionCookies()
  const parsed = walletAccountResponseSchema.safeParse(envelope)
  if (!parsed.success) return { status: 'unavailable' }
  const usdt = parsed.data.data.list.find((b) => b.walletType === walletType && b.coin === QUOTE_COIN)
  return { status: 'ok', data: usdt?.available ?? '0' }
})
