/** The wallet call of §7: balances as exact decimal strings, valued in USDT. */
import { z } from 'zod'
import { walletEnvelope } from './envelope.schemas.ts'

/** A non-negative decimal without exponent or trailing zeros, e.g. "25000" or "0.85". */
export const decimalStringSchema = z.string().regex(/^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/)

export const walletAccountRequestSchema = z
  .strictObject({ walletTypeList: z.array(z.number().int().min(1).max(99)).min(1).max(10) })
  .meta({ id: 'WalletAccountRequest' })
export type WalletAccountRequest = z.infer<typeof walletAccountRequestSchema>

export const walletBalanceSchema = z
  .object({
    coin: z.string(),
    walletType: z.number().int(),
    available: decimalStringSchema,
    frozen: decimalStringSchema,
    total: decimalStringSchema,
    usdtValue: decimalStringSchema,
  })
  .meta({ id: 'WalletBalance' })
export type WalletBalance = z.infer<typeof walletBalanceSchema>

export const walletAccountSchema = z
  .object({ totalAssetUsdt: decimalStringSchema, list: z.array(walletBalanceSchema) })
  .meta({ id: 'WalletAccount' })
export type WalletAccount = z.infer<typeof walletAccountSchema>

export const walletAccountResponseSchema = walletEnvelope(walletAccountSchema).meta({ id: 'WalletAccountResponse' })
export type WalletAccountResponse = z.infer<typeof walletAccountResponseSchema>
