/**
 * Loads the slice of the copy engine an operation needs into a Book (rows locked for the
 * transaction) and writes back exactly what changed, set-based: new positions, transfers and
 * skipped copies with one INSERT … SELECT FROM unnest each, balances as summed deltas, changed
 * positions and copies with one UPDATE … FROM unnest each.
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { CLOSE_REASONS } from '#/contract/copy-common.schemas.ts'
import type { Database } from '../db/client.ts'
import { copies, positions } from '../db/copy-schema.ts'
import { balances } from '../db/schema.ts'
import { Exact, Money, toPlain } from '../money.ts'
import { parseKey, walletKey, type Book, type Change, type CopyState, type PositionState, type Side } from './book.ts'
import { recordFlows, type Marks } from './unit-values.ts'

/** A transaction or the database: both run the same queries. */
export type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

const exact = (value: string) => new Exact(value)
const optional = (value: string | null) => (value === null ? null : new Money(value))
const plainOrNull = (value: Money | null) => (value === null ? null : toPlain(value))
const iso = (value: Date | null) => (value === null ? null : value.toISOString())

/**
 * Rows come back as one row of column arrays (array_agg): PGlite spends most of a large read on
 * per-row overhead, and one row of arrays reads 8× faster than 10,000 rows.
 */
const COPY_COLUMNS = [
  'id',
  'follower_id',
  'leader_id',
  'status',
  'mode',
  'fixed_amount',
  'ratio',
  'max_per_order',
  'leverage_mode',
  'fixed_leverage',
  'take_profit_ratio',
  'stop_loss_ratio',
  'copy_stop_loss_ratio',
  'profit_share_rate',
  'investment',
  'balance',
  'high_water_mark',
  'profit_share_paid',
  'created_at',
  'ended_at',
  'end_reason',
] as const
const POSITION_READ_COLUMNS = [
  'id',
  'user_id',
  'copy_id',
  'source_position_id',
  'biz',
  'pair_code',
  'side',
  'leverage',
  'size',
  'entry_price',
  'margin',
  'take_profit_price',
  'stop_loss_price',
  'liquidation_price',
  'status',
  'unmanaged',
  'margin_mode',
  'closed_size',
  'exit_price',
  'realized_pnl',
  'fees',
  'funding',
  'opened_at',
  'closed_at',
  'close_reason',
] as const

type Columns<K extends string> = Record<K, (string | null)[]>

async function readColumns<K extends string>(
  tx: Tx,
  table: SQL,
  columns: readonly K[],
  where: SQL | undefined,
): Promise<{ count: number; get: (column: K, index: number) => string | null }> {
  // Times as epoch milliseconds: one text format on PGlite and PostgreSQL, whatever the session's settings.
  const value = (c: K) =>
    c.endsWith('_at')
      ? sql`(extract(epoch from ${sql.identifier(c)}) * 1000)::bigint::text`
      : sql`${sql.identifier(c)}::text`
  // Every aggregate of one select reads the rows in the same order: the arrays line up without sorting.
  const select = sql.join(
    columns.map((c) => sql`array_agg(${value(c)}) as ${sql.identifier(c)}`),
    sql`, `,
  )
  const filter = where ? sql`where ${where}` : sql``
  const result = await tx.execute(sql`select ${select} from (select * from ${table} ${filter} for update) t`)
  const row = firstRow.parse(result).rows[0] ?? {}
  const data: Partial<Columns<K>> = {}
  for (const column of columns) data[column] = textArray(row[column], column)
  const first = columns[0]
  const count = first === undefined ? 0 : (data[first]?.length ?? 0)
  return { count, get: (column, index) => data[column]?.[index] ?? null }
}

const firstRow = z.object({ rows: z.array(z.record(z.string(), z.unknown())) })

/**
 * A column array of text or nulls (checked by hand: a schema walk over 10,000-element arrays costs more than the
 * query).
 */
function textArray(value: unknown, column: string): (string | null)[] {
  if (value === null || value === undefined) return []
  if (!Array.isArray(value)) throw new Error(`column ${column} is not an array`)
  const items: unknown[] = value
  const list: (string | null)[] = []
  for (const item of items) {
    if (item === null || typeof item === 'string') list.push(item)
    else throw new Error(`column ${column} holds a ${typeof item}`)
  }
  return list
}

const text = (value: string | null) => value ?? ''
const num = (value: string | null) => Number(value)
const time = (value: string | null) => new Date(Number(value ?? 0))
const timeOrNull = (value: string | null) => (value === null ? null : new Date(Number(value)))
const COPY_STATUSES = ['active', 'paused', 'cancelled'] as const
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((v) => v === value) ?? fallback

/** Copies matching `where`, locked for this transaction. */
export async function loadCopies(tx: Tx, book: Book, where: SQL | undefined): Promise<CopyState[]> {
  const { count, get } = await readColumns(tx, sql`copies`, COPY_COLUMNS, where)
  // Settings repeat across followers (100 USDT, ratio 0.5 …): one immutable Exact per distinct value.
  const interned = new Map<string, Money>()
  const setting = (value: string | null) => {
    if (value === null) return null
    let money = interned.get(value)
    if (!money) interned.set(value, (money = new Exact(value)))
    return money
  }
  const list: CopyState[] = []
  for (let i = 0; i < count; i += 1) {
    const copy: CopyState = {
      id: num(get('id', i)),
      followerId: num(get('follower_id', i)),
      leaderId: num(get('leader_id', i)),
      status: oneOf(COPY_STATUSES, get('status', i), 'cancelled'),
      mode: get('mode', i) === 'ratio' ? 'ratio' : 'fixed',
      fixedAmount: setting(get('fixed_amount', i)),
      ratio: setting(get('ratio', i)),
      maxPerOrder: setting(get('max_per_order', i)),
      leverageMode: get('leverage_mode', i) === 'fixed' ? 'fixed' : 'follow',
      fixedLeverage: get('fixed_leverage', i) === null ? null : num(get('fixed_leverage', i)),
      takeProfitRatio: setting(get('take_profit_ratio', i)),
      stopLossRatio: setting(get('stop_loss_ratio', i)),
      copyStopLossRatio: setting(get('copy_stop_loss_ratio', i)),
      profitShareRate: setting(get('profit_share_rate', i)) ?? new Exact(0),
      investment: exact(text(get('investment', i))),
      balance: exact(text(get('balance', i))),
      // Mostly zero for every copy: shared like the settings.
      highWaterMark: setting(get('high_water_mark', i)) ?? new Exact(0),
      profitSharePaid: setting(get('profit_share_paid', i)) ?? new Exact(0),
      createdAt: time(get('created_at', i)),
      endedAt: timeOrNull(get('ended_at', i)),
      endReason: get('end_reason', i),
    }
    book.copies.set(copy.id, copy)
    list.push(copy)
  }
  return list
}

/** Positions matching `where`, locked for this transaction. */
export async function loadPositions(tx: Tx, book: Book, where: SQL | undefined): Promise<PositionState[]> {
  const { count, get } = await readColumns(tx, sql`positions`, POSITION_READ_COLUMNS, where)
  const list: PositionState[] = []
  for (let i = 0; i < count; i += 1) {
    const position: PositionState = {
      id: num(get('id', i)),
      userId: num(get('user_id', i)),
      copyId: get('copy_id', i) === null ? null : num(get('copy_id', i)),
      sourcePositionId: get('source_position_id', i) === null ? null : num(get('source_position_id', i)),
      biz: get('biz', i) === 'spot' ? 'spot' : 'futures',
      pairCode: text(get('pair_code', i)),
      side: side(num(get('side', i))),
      leverage: num(get('leverage', i)),
      size: exact(text(get('size', i))),
      entryPrice: new Money(text(get('entry_price', i))),
      margin: exact(text(get('margin', i))),
      takeProfitPrice: optional(get('take_profit_price', i)),
      stopLossPrice: optional(get('stop_loss_price', i)),
      liquidationPrice: optional(get('liquidation_price', i)),
      status: get('status', i) === 'open' ? 'open' : 'closed',
      unmanaged: get('unmanaged', i) === 'true',
      marginMode: get('margin_mode', i) === 'cross' ? 'cross' : 'isolated',
      closedSize: exact(text(get('closed_size', i))),
      exitPrice: optional(get('exit_price', i)),
      realizedPnl: exact(text(get('realized_pnl', i))),
      fees: exact(text(get('fees', i))),
      funding: exact(text(get('funding', i))),
      openedAt: time(get('opened_at', i)),
      closedAt: timeOrNull(get('closed_at', i)),
      closeReason: closeReasonOf(get('close_reason', i)),
    }
    book.loadPosition(position)
    list.push(position)
  }
  return list
}

const side = (value: number): Side => (value < 0 ? -1 : 1)
const closeReasonOf = (value: string | null) => CLOSE_REASONS.find((r) => r === value) ?? null

/** The active and paused copies of a leader. */
export const liveCopiesOf = (leaderId: number) => and(eq(copies.leaderId, leaderId), ne(copies.status, 'cancelled'))
export const openPositionsOf = (userId: number) => and(eq(positions.userId, userId), eq(positions.status, 'open'))
export const linkedTo = (positionIds: number[]) =>
  and(inArray(positions.sourcePositionId, positionIds), eq(positions.status, 'open'), eq(positions.unmanaged, false))

const walletRows = z.object({
  rows: z.array(
    z.object({ user_id: z.coerce.number(), wallet_type: z.coerce.number(), coin: z.string(), available: z.string() }),
  ),
})

/**
 * Wallet balances (available) of the given wallet keys into the book (a wallet without a row holds nothing), locked in
 * one statement, in key order (two transactions locking the same wallets lock them in the same order).
 */
export async function loadWallets(tx: Tx, book: Book, keys: readonly string[]): Promise<void> {
  const wallets = new Map<string, { userId: number; walletType: number; coin: string }>()
  for (const key of keys) {
    const ref = parseKey(key)
    if (ref.kind === 'wallet') wallets.set(key, ref)
  }
  if (wallets.size === 0) return
  const list = [...wallets.values()]
  const result = await tx.execute(sql`
    select b.user_id, b.wallet_type, b.coin, b.available::text from ${balances} b
    join unnest(${sql.param(list.map((w) => w.userId))}::bigint[], ${sql.param(list.map((w) => w.walletType))}::smallint[],
      ${texts(list.map((w) => w.coin))}) as k(u, w, c) on b.user_id = k.u and b.wallet_type = k.w and b.coin = k.c
    order by b.user_id, b.wallet_type, b.coin
    for update of b`)
  for (const key of wallets.keys()) book.accounts.set(key, new Exact(0))
  for (const row of walletRows.parse(result).rows)
    book.accounts.set(walletKey(row.user_id, row.wallet_type, row.coin), exact(row.available))
}

const firstId = z.object({ rows: z.array(z.object({ first: z.coerce.number() })) })
/** An arbitrary constant naming the position-id reservation among advisory locks. */
const POSITION_IDS_LOCK = 7_261_002

/**
 * Reserves `count` consecutive position ids in two statements, whatever the count: the sequence
 * is advanced past the block under a transaction-scoped advisory lock (every engine writer takes
 * it), so no other writer can draw an id inside the block.
 */
export async function allocatePositionIds(tx: Tx, count: number): Promise<() => number> {
  const size = Math.max(1, count)
  const result = await tx.execute(sql`
    with locked as (select pg_advisory_xact_lock(${POSITION_IDS_LOCK}))
    select setval(pg_get_serial_sequence('positions', 'id'), nextval(pg_get_serial_sequence('positions', 'id')) + ${size - 1}::int) - ${size - 1}::int as first
    from locked`)
  const [row] = firstId.parse(result).rows
  if (!row) throw new Error('no position id reserved')
  let next = row.first
  const last = row.first + size - 1
  return () => {
    if (next > last) throw new Error('position ids exhausted')
    const id = next
    next += 1
    return id
  }
}

const texts = (values: readonly (string | null)[]) => sql`${sql.param(values)}::text[]`
const numerics = (values: readonly (string | null)[]) => sql`${sql.param(values)}::numeric[]`

/**
 * Writes a Book's change: positions, copies, transfers, balance deltas and skipped copies; then, when its transfers
 * move money into or out of a leader's wallet or a copy account (unit-values.ts FLOW_KINDS), the unit value of each
 * such account at `marks`. Throws (UnvaluedFlow, the transaction rolls back) when such an account holds an open
 * position `marks` does not price: a caller that moves money into an account with open positions passes the marks.
 */
export async function persistChange(tx: Tx, change: Change, at: Date, marks?: Marks): Promise<void> {
  const created = [...change.positions.values()].filter((p) => change.newPositionIds.has(p.id))
  const updated = [...change.positions.values()].filter((p) => !change.newPositionIds.has(p.id))
  if (created.length > 0) {
    await insertPositions(tx, created, at)
  }
  if (updated.length > 0) await updatePositions(tx, updated, at)
  const copyList = [...change.copies.values()]
  const whole = copyList.filter((c) => !change.balanceOnly.has(c.id))
  const balancesOnly = copyList.filter((c) => change.balanceOnly.has(c.id))
  if (whole.length > 0) await updateCopies(tx, whole)
  if (balancesOnly.length > 0) {
    await tx.execute(sql`
      update copies set balance = x.balance
      from unnest(${sql.param(balancesOnly.map((c) => c.id))}::bigint[], ${numerics(balancesOnly.map((c) => toPlain(c.balance)))}) as x(id, balance)
      where copies.id = x.id`)
  }
  if (change.transfers.length > 0) {
    const t = change.transfers
    // One ref for all (one leader event mirrored to every copy): sent once, not as a column of copies of it.
    const first = t[0]?.ref ?? null
    const oneRef = t.every((x) => x.ref === first)
    await tx.execute(sql`
      insert into ledger_transfers (debit, credit, amount, kind, ref, created_at)
      select d, c, a, k, ${oneRef ? sql`${first}::text` : sql`r`}, ${at.toISOString()}::timestamptz
      from unnest(${texts(t.map((x) => x.debit))}, ${texts(t.map((x) => x.credit))}, ${numerics(t.map((x) => toPlain(x.amount)))},
        ${texts(t.map((x) => x.kind))}, ${oneRef ? sql`array[]::text[]` : texts(t.map((x) => x.ref))}) as x(d, c, a, k, r)`)
    await applyDeltas(tx, change, at)
  }
  if (change.skipped.length > 0) {
    const s = change.skipped
    await tx.execute(sql`
      insert into skipped_copies (copy_id, event_id, pair_code, reason, created_at)
      select c, e, p, r, ${at.toISOString()}::timestamptz
      from unnest(${sql.param(s.map((x) => x.copyId))}::bigint[], ${texts(s.map((x) => x.eventId))}, ${texts(s.map((x) => x.pairCode))}, ${texts(s.map((x) => x.reason))}) as x(c, e, p, r)
      on conflict (copy_id, event_id) do nothing`)
  }
  if (change.transfers.length > 0 || change.handedOver.size > 0) await recordFlows(tx, change, at, marks)
}

/** Wallet and ledger-account balances move by the sum of their transfers (copies and margins were written whole). */
async function applyDeltas(tx: Tx, change: Change, at: Date): Promise<void> {
  // Copies and margins were written whole: only wallets and ledger accounts are summed (a copied open moves 2 × its
  // copies' transfers, nearly all of them between a copy and its margin or the fee account).
  const deltas = new Map<string, Money>()
  const add = (key: string, amount: Money) => {
    const kind = parseKey(key).kind
    if (kind === 'copy' || kind === 'margin') return
    deltas.set(key, new Exact(deltas.get(key) ?? 0).plus(amount))
  }
  for (const t of change.transfers) {
    add(t.debit, t.amount.neg())
    add(t.credit, t.amount)
  }
  const wallets: { userId: number; walletType: number; coin: string; delta: string }[] = []
  const accounts: { key: string; delta: string; mayGoNegative: boolean }[] = []
  for (const [key, delta] of deltas) {
    if (delta.isZero()) continue
    const ref = parseKey(key)
    if (ref.kind === 'wallet')
      wallets.push({ userId: ref.userId, walletType: ref.walletType, coin: ref.coin, delta: toPlain(delta) })
    else if (ref.kind === 'ledger') accounts.push({ key, delta: toPlain(delta), mayGoNegative: ref.mayGoNegative })
  }
  // A CHECK applies to the row an upsert proposes, before the conflict: money coming in is upserted
  // (one statement, the row may be new), money going out only updates (its row exists, or the book
  // would have refused the transfer).
  const incoming = wallets.filter((x) => !x.delta.startsWith('-'))
  const outgoing = wallets.filter((x) => x.delta.startsWith('-'))
  const walletColumns = (list: typeof wallets) => ({
    u: sql`${sql.param(list.map((x) => x.userId))}::bigint[]`,
    w: sql`${sql.param(list.map((x) => x.walletType))}::smallint[]`,
    c: texts(list.map((x) => x.coin)),
    d: numerics(list.map((x) => x.delta)),
  })
  if (incoming.length > 0) {
    const { u, w, c, d } = walletColumns(incoming)
    await tx.execute(sql`
      insert into balances (user_id, wallet_type, coin, available, updated_at)
      select u, w, c, d, ${at.toISOString()}::timestamptz from unnest(${u}, ${w}, ${c}, ${d}) as x(u, w, c, d)
      on conflict (user_id, wallet_type, coin) do update set available = balances.available + excluded.available, updated_at = excluded.updated_at`)
  }
  if (outgoing.length > 0) {
    const { u, w, c, d } = walletColumns(outgoing)
    await tx.execute(sql`
      update balances set available = balances.available + x.d, updated_at = ${at.toISOString()}::timestamptz
      from unnest(${u}, ${w}, ${c}, ${d}) as x(u, w, c, d)
      where balances.user_id = x.u and balances.wallet_type = x.w and balances.coin = x.c`)
  }
  await addToLedgerAccounts(tx, accounts)
}

/**
 * Moves ledger accounts (not wallets, copies or margins) by their deltas. An account that may not go negative and
 * loses money is only updated (its row exists, or the caller would have refused the transfer); the others are upserted.
 */
export async function addToLedgerAccounts(
  tx: Tx,
  accounts: readonly { key: string; delta: string; mayGoNegative: boolean }[],
): Promise<void> {
  const upserted = accounts.filter((x) => x.mayGoNegative || !x.delta.startsWith('-'))
  const updated = accounts.filter((x) => !x.mayGoNegative && x.delta.startsWith('-'))
  if (upserted.length > 0) {
    await tx.execute(sql`
      insert into ledger_accounts (key, balance, may_go_negative)
      select * from unnest(${texts(upserted.map((x) => x.key))}, ${numerics(upserted.map((x) => x.delta))}, ${sql.param(upserted.map((x) => x.mayGoNegative))}::boolean[])
      on conflict (key) do update set balance = ledger_accounts.balance + excluded.balance`)
  }
  if (updated.length > 0) {
    await tx.execute(sql`
      update ledger_accounts set balance = ledger_accounts.balance + x.d
      from unnest(${texts(updated.map((x) => x.key))}, ${numerics(updated.map((x) => x.delta))}) as x(k, d) where ledger_accounts.key = x.k`)
  }
}

const POSITION_COLUMNS = (list: readonly PositionState[]) => ({
  id: sql`${sql.param(list.map((p) => p.id))}::bigint[]`,
  size: numerics(list.map((p) => toPlain(p.size))),
  entry: numerics(list.map((p) => toPlain(p.entryPrice))),
  margin: numerics(list.map((p) => toPlain(p.margin))),
  tp: numerics(list.map((p) => plainOrNull(p.takeProfitPrice))),
  sl: numerics(list.map((p) => plainOrNull(p.stopLossPrice))),
  liq: numerics(list.map((p) => plainOrNull(p.liquidationPrice))),
  status: texts(list.map((p) => p.status)),
  unmanaged: sql`${sql.param(list.map((p) => p.unmanaged))}::boolean[]`,
  closedSize: numerics(list.map((p) => toPlain(p.closedSize))),
  exit: numerics(list.map((p) => plainOrNull(p.exitPrice))),
  pnl: numerics(list.map((p) => toPlain(p.realizedPnl))),
  fees: numerics(list.map((p) => toPlain(p.fees))),
  funding: numerics(list.map((p) => toPlain(p.funding))),
  closedAt: sql`${sql.param(list.map((p) => iso(p.closedAt)))}::timestamptz[]`,
  reason: texts(list.map((p) => p.closeReason)),
  leverage: sql`${sql.param(list.map((p) => p.leverage))}::smallint[]`,
})

/**
 * Inserts new positions, each with the fees it was written with as its open fee (booked at opened_at). A copied
 * position written with realized PnL or funding already (opened and reduced in one change) has those booked at
 * `bookedAt` in the same statement (realized_entries, from the rows inserted: the arrays are sent once).
 */
export async function insertPositions(tx: Tx, list: readonly PositionState[], bookedAt?: Date): Promise<void> {
  const c = POSITION_COLUMNS(list)
  const insert = sql`
    insert into positions (id, user_id, copy_id, source_position_id, biz, pair_code, side, leverage, size, entry_price, margin,
      take_profit_price, stop_loss_price, liquidation_price, status, unmanaged, closed_size, exit_price, realized_pnl, fees,
      open_fee, funding, opened_at, closed_at, close_reason, margin_mode)
    overriding system value
    select id, u, cp, src, b, pc, sd, lv, sz, en, mg, tp, sl, lq, st, um, cs, ex, pnl, fee, fee, fd, oa, ca, rs, mm
    from unnest(${c.id}, ${sql.param(list.map((p) => p.userId))}::bigint[], ${sql.param(list.map((p) => p.copyId))}::bigint[],
      ${sql.param(list.map((p) => p.sourcePositionId))}::bigint[], ${texts(list.map((p) => p.biz))}, ${texts(list.map((p) => p.pairCode))},
      ${sql.param(list.map((p) => p.side))}::smallint[], ${sql.param(list.map((p) => p.leverage))}::smallint[], ${c.size}, ${c.entry}, ${c.margin},
      ${c.tp}, ${c.sl}, ${c.liq}, ${c.status}, ${c.unmanaged}, ${c.closedSize}, ${c.exit}, ${c.pnl}, ${c.fees}, ${c.funding},
      ${sql.param(list.map((p) => p.openedAt.toISOString()))}::timestamptz[], ${c.closedAt}, ${c.reason},
      ${texts(list.map((p) => p.marginMode))})
      as x(id, u, cp, src, b, pc, sd, lv, sz, en, mg, tp, sl, lq, st, um, cs, ex, pnl, fee, fd, oa, ca, rs, mm)`
  const booked = list.some((p) => p.copyId !== null && (!p.realizedPnl.isZero() || !p.funding.isZero()))
  if (!bookedAt || !booked) {
    await tx.execute(insert)
    return
  }
  await tx.execute(sql`
    with inserted as (${insert} returning id, copy_id, user_id, realized_pnl, funding)
    insert into realized_entries (position_id, copy_id, user_id, at, realized_pnl, fees, funding)
    select id, copy_id, user_id, ${bookedAt.toISOString()}::timestamptz, realized_pnl, 0, funding
    from inserted where copy_id is not null and (realized_pnl <> 0 or funding <> 0)`)
}

/**
 * Writes changed positions; what a copied position's realized PnL, fees and funding moved by is booked at `at` in the
 * same statement (realized_entries: every part of the statement reads the rows as they were before it).
 */
async function updatePositions(tx: Tx, list: readonly PositionState[], at: Date): Promise<void> {
  const c = POSITION_COLUMNS(list)
  await tx.execute(sql`
    with changed as (select * from unnest(${c.id}, ${c.pnl}, ${c.fees}, ${c.funding}) as n(id, pnl, fees, funding)),
    booked as (
      insert into realized_entries (position_id, copy_id, user_id, at, realized_pnl, fees, funding)
      select p.id, p.copy_id, p.user_id, ${at.toISOString()}::timestamptz, n.pnl - p.realized_pnl, n.fees - p.fees,
        n.funding - p.funding
      from positions p join changed n on n.id = p.id
      where p.copy_id is not null and (n.pnl, n.fees, n.funding) is distinct from (p.realized_pnl, p.fees, p.funding))
    update positions set size = x.size, entry_price = x.entry, margin = x.margin, take_profit_price = x.tp, stop_loss_price = x.sl,
      liquidation_price = x.liq, status = x.status, unmanaged = x.unmanaged, closed_size = x.closed_size, exit_price = x.exit,
      realized_pnl = x.pnl, fees = x.fees, funding = x.funding, closed_at = x.closed_at, close_reason = x.reason,
      leverage = x.leverage
    from unnest(${c.id}, ${c.size}, ${c.entry}, ${c.margin}, ${c.tp}, ${c.sl}, ${c.liq}, ${c.status}, ${c.unmanaged}, ${c.closedSize},
      ${c.exit}, ${c.pnl}, ${c.fees}, ${c.funding}, ${c.closedAt}, ${c.reason}, ${c.leverage})
      as x(id, size, entry, margin, tp, sl, liq, status, unmanaged, closed_size, exit, pnl, fees, funding, closed_at, reason,
        leverage)
    where positions.id = x.id`)
}

async function updateCopies(tx: Tx, list: readonly CopyState[]): Promise<void> {
  await tx.execute(sql`
    update copies set status = x.status, investment = x.investment, balance = x.balance, high_water_mark = x.hwm,
      profit_share_paid = x.paid, ended_at = x.ended_at, end_reason = x.reason
    from unnest(${sql.param(list.map((c) => c.id))}::bigint[], ${texts(list.map((c) => c.status))}, ${numerics(list.map((c) => toPlain(c.investment)))},
      ${numerics(list.map((c) => toPlain(c.balance)))}, ${numerics(list.map((c) => toPlain(c.highWaterMark)))},
      ${numerics(list.map((c) => toPlain(c.profitSharePaid)))}, ${sql.param(list.map((c) => iso(c.endedAt)))}::timestamptz[],
      ${texts(list.map((c) => c.endReason))}) as x(id, status, investment, balance, hwm, paid, ended_at, reason)
    where copies.id = x.id`)
}
