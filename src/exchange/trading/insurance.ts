/**
 * The insurance fund (issue 27, M1): liquidation fees and what liquidated margins have left fund it; it pays what a
 * bankrupt position loses beyond its margin. It starts with FUTURES.insuranceFundStartUsdt from the house's treasury
 * (`external:USDT`, once, a published rule) and never goes negative: its ledger row is held at or above zero by the
 * database (may_go_negative false), so a payment it cannot make fails its transaction rather than mint money.
 */
import { eq } from 'drizzle-orm'
import { FUTURES } from '#/app.config.ts'
import { externalKey, INSURANCE } from '../copy/book.ts'
import { persistChange } from '../copy/store.ts'
import type { Database } from '../db/client.ts'
import { ledgerAccounts } from '../db/copy-schema.ts'
import { Exact, type Money } from '../money.ts'
import { scratchBook } from './closing.ts'

const QUOTE = 'USDT'

/**
 * Funds the insurance fund once, when its account is new or was kept before it was held non-negative (an older
 * database): topped up to the start amount from the treasury, then held at or above zero.
 */
export async function ensureInsuranceFund(db: Database, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.key, INSURANCE)).for('update')
    if (row && !row.mayGoNegative) return
    const start = new Exact(FUTURES.insuranceFundStartUsdt)
    const balance = new Exact(row?.balance ?? 0)
    const book = scratchBook()
    book.accounts.set(INSURANCE, balance)
    if (balance.lt(start))
      book.transfer(externalKey(QUOTE), INSURANCE, start.minus(balance), 'insurance-funding', 'start')
    await persistChange(tx, book.takeChange(), at)
    await tx
      .insert(ledgerAccounts)
      .values({ key: INSURANCE, balance: '0', mayGoNegative: false })
      .onConflictDoUpdate({ target: ledgerAccounts.key, set: { mayGoNegative: false } })
  })
}

/** The insurance fund's balance now. */
export async function insuranceBalance(db: Pick<Database, 'select'>): Promise<Money> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, INSURANCE))
  return new Exact(row?.balance ?? 0)
}
