/** The signed-in account, for the header and the session check of every page. */
import { createServerFn } from '@tanstack/react-start'
import { securityConfigResponseSchema, topsInfoResponseSchema, walletAccountResponseSchema } from '#/contract/index.ts'
import { WALLET_TYPES } from '#/app.config.ts'
import { exchangeMiddleware, type Loaded } from '#/exchange-client/index.ts'
import { Exact, toPlain } from '#/contract/money.ts'

export interface AccountSummary {
  userId: string
  nickname: string
  account: string
  userSubType: number
  changeLogin: boolean
  standAloneLogin: boolean
  availableLanguage: string[]
  /** The user's own invite number, for the links they share. */
  inviteCode: string
  /** Invited by an approved affiliate, who earns a rebate on this user's fees. */
  rebateUser: boolean
}

/** A session the exchange ended never gets here: the exchange client sends the page to log in. */
export type AccountState =
  { status: 'signed-out' } | { status: 'unavailable' } | { status: 'signed-in'; account: AccountSummary }

export const getAccountState = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(async ({ context: { exchange } }): Promise<AccountState> => {
    if (!exchange.session.active) return { status: 'signed-out' }
    const [tops, security] = await Promise.all([
      exchange.load('/open/seckill/user/tops-info', topsInfoResponseSchema, { method: 'POST', body: {} }),
      exchange.load('/v2/users/security/config', securityConfigResponseSchema),
    ])
    if (tops.status !== 'ok' || security.status !== 'ok') return { status: 'unavailable' }
    const { userInfo, availableLanguage } = tops.data
    return {
      status: 'signed-in',
      account: {
        userId: userInfo.userId,
        nickname: userInfo.nickname,
        account: userInfo.account,
        userSubType: security.data.userSubType,
        changeLogin: security.data.changeLogin,
        standAloneLogin: security.data.standAloneLogin,
        availableLanguage,
        inviteCode: userInfo.inviteCode,
        rebateUser: userInfo.rebateUser,
      },
    }
  })

/** Total assets and where they are, in USDT (exact decimal strings). */
export interface WalletTotal {
  total: string
  /** The wallets' balances. */
  wallets: string
  /** Margin and unrealized PnL of the user's own open positions (leading, or kept after a copy ended). */
  positions: string
  /** The live copy accounts: free balance, margin and unrealized PnL. */
  copies: string
}

/** The signed-in user's total assets (§3 "total asset", from the wallet account call of §7), with where they are. */
export const getWalletTotal = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(async ({ context: { exchange } }): Promise<Loaded<WalletTotal>> => {
    if (!exchange.session.active) return { status: 'unavailable' }
    const wallet = await exchange.load('/asset/v1/api/wallet/account', walletAccountResponseSchema, {
      method: 'POST',
      body: { walletTypeList: [Number(WALLET_TYPES.SPOT), Number(WALLET_TYPES.EXCHANGE)] },
    })
    if (wallet.status !== 'ok') return wallet
    const { list, inUse, totalAssetUsdt } = wallet.data
    const sum = (values: readonly string[]) => values.reduce((total, value) => total.plus(value), new Exact(0))
    return {
      status: 'ok',
      data: {
        total: totalAssetUsdt,
        wallets: toPlain(sum(list.map((b) => b.usdtValue))),
        positions: inUse.positions.usdtValue,
        copies: toPlain(sum(inUse.copies.map((c) => c.usdtValue))),
      },
    }
  })
