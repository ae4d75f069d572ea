/**
 * Moving money between a user's own wallets (spot 1 and the futures wallet 3): instant and exact, one ledger transfer
 * of kind 'transfer' in the transaction that moves the balances. Only available money moves: what orders hold frozen
 * and what isolated positions hold as margin are not in `available`; cross positions are backed by the futures wallet's
 * available balance itself, so what leaves it is at most the maximum withdrawable (cross-margin.ts `maxWithdrawable`:
 * the cross positions' initial margin and unrealized loss stay). Money leaving
 * or entering a lead trader's futures wallet is a flow of its unit value (unit-values.ts FLOW_KINDS). The caller's
 * clientTransferId makes it idempotent (the transfer's ref).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { WalletTransfer, WalletTransferRequest } from '#/contract/index.ts'
import { Book, walletKey } from '../copy/book.ts'
import type { Marks } from '../copy/unit-values.ts'
import { loadPositions, loadWallets, persistChange } from '../copy/store.ts'
import { EXCHANGE_WALLET as FUTURES_WALLET, QUOTE } from '../copy/positions.ts'
import { crossPositionsOf, maxWithdrawable } from '../trading/cross-margin.ts'
import type { Database } from '../db/client.ts'
import { ledgerTransfers } from '../db/copy-schema.ts'
import { ApiFailure } from '../http/errors.ts'
import { Exact } from '../money.ts'

/** An arbitrary constant naming a user's transfers among advisory locks: a clientTransferId is applied once. */
const TRANSFER_LOCK = 7_261_012

const noPositions = () => {
  throw new Error('a transfer opens no position')
}

export async function transferBetweenWallets(
  db: Database,
  userId: number,
  request: WalletTransferRequest,
  at: Date,
  marks: Marks,
): Promise<WalletTransfer> {
  const ref = `transfer:${userId}:${request.clientTransferId}`
  const amount = new Exact(request.amount)
  if (amount.lte(0))
    throw new ApiFailure(400, 'invalid-input', { fields: [{ path: 'amount', issue: 'a positive amount' }] })
  const answer = { from: request.from, to: request.to, coin: request.coin, amount: amount.toFixed() }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TRANSFER_LOCK}, ${userId})`)
    const [done] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.kind, 'transfer'), eq(ledgerTransfers.ref, ref)))
      .limit(1)
    if (done) return { ...answer, replayed: true }
    const from = walletKey(userId, request.from, request.coin)
    const to = walletKey(userId, request.to, request.coin)
    const book = new Book(noPositions)
    await loadWallets(tx, book, [from, to])
    if ((book.accounts.get(from) ?? new Exact(0)).lt(amount))
      throw new ApiFailure(400, 'insufficient-balance', {
        fields: [{ path: 'amount', issue: `more ${request.coin} than available in wallet ${request.from}` }],
      })
    if (request.from === FUTURES_WALLET && request.coin === QUOTE) {
      const cross = await loadPositions(tx, book, crossPositionsOf([userId]))
      const free = maxWithdrawable(book.balance(from), cross, marks)
      if (amount.gt(free))
        throw new ApiFailure(400, 'above-max-withdrawable', {
          fields: [{ path: 'amount', issue: `at most ${free.toFixed()} while the cross positions need the rest` }],
        })
    }
    book.transfer(from, to, amount, 'transfer', ref)
    await persistChange(tx, book.takeChange(), at, marks)
    return { ...answer, replayed: false }
  })
}
