/** The signed-in user's total assets (§3 "total asset", from the wallet account call of §7). */
import { createServerFn } from '@tanstack/react-start'
import { WALLET_TYPES } from '../../../app.config.ts'
import { isSuccess } from '../../lib/http/api-client.ts'
import { clearSessionCookies, hasSession, serverApi } from './api.server.ts'

export type WalletTotal = { status: 'ok'; totalAssetUsdt: string } | { status: 'unavailable' }

export const getWalletTotal = createServerFn({ method: 'GET' }).handler(async (): Promise<WalletTotal> => {
  if (!hasSession()) return { status: 'unavailable' }
  const envelope = await serverApi()('/asset/v1/api/wallet/account', {
    method: 'POST',
    body: { walletTypeList: [1, Number(WALLET_TYPES.EXCHANGE)] },
  })
  if (envelope.code === 401) clearSessionCookies()
  const total: unknown = isSuccess(envelope) && typeof envelope.data === 'object' && envelope.data !== null ? Reflect.get(envelope.data, 'totalAssetUsdt') : undefined
  return typeof total === 'string' ? { status: 'ok', totalAssetUsdt: total } : { status: 'unavailable' }
})
