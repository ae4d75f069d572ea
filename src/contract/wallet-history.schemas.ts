/** A wallet's movements (deposits, copy money in and out, profit share, margin and fees), newest first. */
import { z } from 'zod'
import { okEnvelope } from './envelope.schemas.ts'
import { pageOf, pageQuerySchema } from './copy-common.schemas.ts'
import { signedDecimalStringSchema } from './wallet.schemas.ts'

/**
 * What moved money into or out of a wallet: the ledger's transfer kinds a wallet takes part in. Margin set aside for a
 * position and released by it, and the trading fee, are the user's own positions (as a lead trader, or kept after a
 * copy ended); a 'transfer' moves money between the user's own wallets (spot and futures), a 'trade' is what a spot fill
 * paid or brought (its fee apart, as 'fee'); 'other' is a kind this list does not know yet.
 */
export const WALLET_MOVEMENT_KINDS = [
  'deposit',
  'withdrawal',
  'copy-in',
  'copy-out',
  'profit-share',
  'open-margin',
  'add-margin',
  'release-margin',
  'fee',
  'transfer',
  'trade',
  /** What a cross account's liquidation took from the wallet beyond the positions' margins. */
  'liquidation',
  /** A cross position's realized loss beyond its own margin, paid by the wallet that backs it. */
  'pnl',
  /** A liquidation's clearance fee (to the insurance fund), where the margin could not pay it. */
  'liquidation-fee',
  /** What a liquidated cross account had left, up to its maintenance margin, to the insurance fund. */
  'liquidation-surplus',
  'other',
] as const
export const walletMovementKindSchema = z.enum(WALLET_MOVEMENT_KINDS).meta({ id: 'WalletMovementKind' })
export type WalletMovementKind = z.infer<typeof walletMovementKindSchema>

export const walletHistoryQuerySchema = pageQuerySchema
  .extend({
    walletType: z.coerce.number().int().min(1).max(99).default(3),
    coin: z
      .string()
      .regex(/^[A-Za-z0-9]{1,20}$/)
      .transform((coin) => coin.toUpperCase())
      .optional(),
    kind: walletMovementKindSchema.optional(),
  })
  .meta({ id: 'WalletHistoryQuery' })
export type WalletHistoryQuery = z.infer<typeof walletHistoryQuerySchema>

export const walletMovementSchema = z
  .object({
    /** The ledger transfer's id: movements of one instant keep their order by it. */
    id: z.string().regex(/^[1-9]\d{0,17}$/),
    time: z.number().int().min(0),
    kind: walletMovementKindSchema,
    walletType: z.number().int(),
    coin: z.string(),
    /** Into the wallet (+) or out of it (−), exact. */
    amount: signedDecimalStringSchema,
  })
  .meta({ id: 'WalletMovement' })
export type WalletMovement = z.infer<typeof walletMovementSchema>

export const walletHistoryResponseSchema = okEnvelope(pageOf(walletMovementSchema)).meta({
  id: 'WalletHistoryResponse',
})
export type WalletHistoryResponse = z.infer<typeof walletHistoryResponseSchema>
