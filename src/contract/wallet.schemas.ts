/** The wallet call of §7: balances as exact decimal strings, valued in USDT. */
import { z } from 'zod'
import { walletEnvelope } from './envelope.schemas.ts'

/** A non-negative decimal without exponent or trailing zeros, e.g. "25000" or "0.85". */
export const decimalStringSchema = z.string().regex(/^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/)

/** A decimal that may be negative, without exponent or trailing zeros, e.g. "-0.0123". */
export const signedDecimalStringSchema = z.string().regex(/^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/)

const walletTypeSchema = z.number().int().min(1).max(99)

/** §7 writes the body as `walletTypeList` with the value 1: one wallet type as a bare number, or a list of them. */
export const walletAccountRequestSchema = z
  .strictObject({
    walletTypeList: z.union([walletTypeSchema, z.array(walletTypeSchema).min(1).max(10)]).meta({
      description: 'One wallet type (1 spot, 3 EXCHANGE), as §7 sends it, or a list of them',
    }),
  })
  .meta({ id: 'WalletAccountRequest' })
export type WalletAccountRequest = z.infer<typeof walletAccountRequestSchema>

/** The wallet types a request asks for, as a list. */
export function walletTypesOf(request: WalletAccountRequest): number[] {
  return typeof request.walletTypeList === 'number' ? [request.walletTypeList] : request.walletTypeList
}

export const walletBalanceSchema = z
  .object({
    coin: z.string(),
    walletType: z.number().int(),
    available: decimalStringSchema,
    frozen: decimalStringSchema,
    total: decimalStringSchema,
    usdtValue: decimalStringSchema,
    transferable: decimalStringSchema.meta({
      description:
        'What a transfer may move out now: the available balance, and for the futures wallet’s USDT at most the maximum withdrawable (what its cross positions’ initial margin and unrealized loss leave free)',
    }),
  })
  .meta({ id: 'WalletBalance' })
export type WalletBalance = z.infer<typeof walletBalanceSchema>

/** Money of the EXCHANGE wallet that is working elsewhere, valued at the marks. */
export const assetsInUseSchema = z
  .object({
    positions: z
      .object({
        margin: decimalStringSchema,
        unrealizedPnl: signedDecimalStringSchema,
        usdtValue: decimalStringSchema.meta({
          description: 'margin + unrealizedPnl, each position at least 0 (it cannot lose more than its margin)',
        }),
      })
      .meta({
        description: 'The user’s own open positions (as a leader, and copied positions kept after a copy ended)',
      }),
    copies: z.array(
      z
        .object({
          // The copy's and the leader's ids, as the copy-trading calls write them.
          copyId: z.string().regex(/^[1-9]\d{0,17}$/),
          leaderId: z.string().regex(/^[1-9]\d{0,17}$/),
          nickname: z.string(),
          balance: decimalStringSchema.meta({ description: 'Free balance of the copy account' }),
          margin: decimalStringSchema.meta({ description: 'Margin of its open positions' }),
          unrealizedPnl: signedDecimalStringSchema.meta({ description: 'Of its open positions at the marks' }),
          usdtValue: decimalStringSchema.meta({
            description: 'balance + margin + unrealizedPnl, each position at least 0',
          }),
        })
        .meta({ id: 'CopyAccountAsset' }),
    ),
  })
  .meta({ id: 'AssetsInUse' })
export type AssetsInUse = z.infer<typeof assetsInUseSchema>

export const walletAccountSchema = z
  .object({
    totalAssetUsdt: decimalStringSchema.meta({
      description:
        'The sum of the listed balances’ values and, when the EXCHANGE wallet (3) is asked for, of what its money holds elsewhere (inUse)',
    }),
    list: z.array(walletBalanceSchema),
    inUse: assetsInUseSchema.meta({
      description:
        'Money of the EXCHANGE wallet in the user’s open positions and copy accounts (live copies), at the marks; empty unless wallet type 3 is asked for',
    }),
  })
  .meta({ id: 'WalletAccount' })
export type WalletAccount = z.infer<typeof walletAccountSchema>

export const walletAccountResponseSchema = walletEnvelope(walletAccountSchema).meta({ id: 'WalletAccountResponse' })
export type WalletAccountResponse = z.infer<typeof walletAccountResponseSchema>

/** The sandbox's test funds (POST /dev/faucet): what was deposited, and where. */
export const faucetGrantSchema = z
  .object({ coin: z.string(), amount: decimalStringSchema, walletType: z.number().int() })
  .meta({ id: 'FaucetGrant' })
export type FaucetGrant = z.infer<typeof faucetGrantSchema>
export const faucetRequestSchema = z
  .strictObject({ walletType: z.union([z.literal(1), z.literal(3)]).optional() })
  .meta({ id: 'FaucetRequest' })
export const faucetResponseSchema = z
  .object({ code: z.literal(0), data: faucetGrantSchema, msg: z.string() })
  .meta({ id: 'FaucetResponse' })
/** Whether today's test funds are taken (GET /dev/faucet), and the seconds until the next grant (0: they can be). */
export const faucetStatusSchema = z
  .object({ grantedToday: z.boolean(), retryAfter: z.number().int().min(0) })
  .meta({ id: 'FaucetStatus' })
export type FaucetStatus = z.infer<typeof faucetStatusSchema>
export const faucetStatusResponseSchema = z
  .object({ code: z.literal(0), data: faucetStatusSchema, msg: z.string() })
  .meta({ id: 'FaucetStatusResponse' })
