/**
 * The copy-trading landing page: platform figures (leaders, copiers, copiers' PnL, assets in
 * copies) and the top five lead traders of a market per category on 30-day statistics; and the
 * on-chain wallets: their list and one wallet with every period and its recent trades.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  STATS_PERIODS,
  type ChainWalletDetail,
  type ChainWalletSummary,
  type CopyOverview,
  type LeaderSummary,
} from '#/contract/index.ts'
import { chainWallets, leaderStats, positions, type Biz } from '#/exchange/db/copy-schema.ts'
import { notFound } from '#/exchange/http/errors.ts'
import type { MarketSimulator } from '#/exchange/market/simulator.ts'
import type { Tx } from '../store.ts'
import {
  leaderCount,
  leaderPage,
  type LeaderFilter,
  type LeaderOrdering,
  type LeaderSort,
  type SortOrder,
} from './leaders-query.ts'
import { pageWindow, type Page, type Paging } from './read.service.ts'
import { statsToWire, summariesOf } from './summaries.ts'
import { plain, positionToWire } from './wire.ts'
import type { Money } from '#/exchange/money.ts'
import { markOf, marksOf } from '../marks.ts'
import type { Rules } from '../rules.ts'
import { adlQuantiles } from '#/exchange/trading/adl-rank.ts'

/** Leaders per category of the overview. */
const TOP = 5
/** A wallet's recent trades. */
const RECENT_TRADES = 50

/**
 * The overview's categories, in the order of `top`: how each ranks, and who may enter it (the steadiest: only leaders
 * a risk figure ranks, leaders-query.ts `rankable`).
 */
const CATEGORIES: readonly { ordering: LeaderOrdering; rankedOnly?: boolean }[] = [
  { ordering: { sort: 'roi' } },
  { ordering: { sort: 'copierPnl' } },
  { ordering: { sort: 'aum' } },
  { ordering: { sort: 'drawdown', order: 'asc' }, rankedOnly: true },
  { ordering: { sort: 'newest' } },
]

const figuresRow = z.object({
  rows: z.array(z.object({ copiers: z.coerce.number(), copier_pnl: z.string(), aum: z.string() })),
})

/** Copiers, their net realized PnL and the USDT in active copies (free balances and open margin). */
async function platformFigures(db: Tx) {
  const result = await db.execute(sql`select
    (select count(distinct follower_id) from copies where status = 'active') as copiers,
    (select coalesce(sum(realized_pnl - fees + funding), 0)::text from positions where copy_id is not null) as copier_pnl,
    ((select coalesce(sum(balance), 0) from copies where status = 'active')
      + (select coalesce(sum(p.margin), 0) from positions p join copies c on c.id = p.copy_id
         where c.status = 'active' and p.status = 'open' and not p.unmanaged))::text as aum`)
  const [row] = figuresRow.parse(result).rows
  return { copiers: row?.copiers ?? 0, copierPnl: plain(row?.copier_pnl ?? '0'), aum: plain(row?.aum ?? '0') }
}

export async function copyOverview(
  db: Tx,
  now: Date,
  marks: ReadonlyMap<string, Money>,
  biz: Biz,
): Promise<CopyOverview> {
  const base: LeaderFilter = { period: '30d', biz, kind: 'trader' }
  const [leaders, figures, ...lists] = await Promise.all([
    leaderCount(db, { period: '30d', kind: 'trader' }),
    platformFigures(db),
    ...CATEGORIES.map(({ ordering, rankedOnly }) =>
      leaderPage(db, { ...base, rankedOnly }, ordering, { limit: TOP, offset: 0 }),
    ),
  ])
  const cards = await summariesOf(db, lists.flat(), '30d', now, marks)
  let at = 0
  const [highestRoi = [], bestCopierPnl = [], largestAum = [], steadiest = [], newest = []] = lists.map((list) =>
    cards.slice(at, (at += list.length)),
  )
  return { leaders, ...figures, top: { highestRoi, bestCopierPnl, largestAum, steadiest, newest } }
}

/** Chain, address and label of each wallet leader. */
async function walletsOf(db: Tx, leaderIds: readonly number[]) {
  if (leaderIds.length === 0) return new Map<number, typeof chainWallets.$inferSelect>()
  const rows = await db
    .select()
    .from(chainWallets)
    .where(inArray(chainWallets.leaderId, [...leaderIds]))
  return new Map(rows.map((row) => [row.leaderId, row]))
}

const withWallet = (
  summary: LeaderSummary,
  wallet: typeof chainWallets.$inferSelect | undefined,
): ChainWalletSummary => ({
  ...summary,
  chain: wallet?.chain ?? '',
  address: wallet?.address ?? '',
  label: wallet?.label ?? '',
})

const WALLETS: LeaderFilter = { period: '30d', kind: 'wallet', chainWallet: true }

export async function listChainWallets(
  db: Tx,
  now: Date,
  marks: ReadonlyMap<string, Money>,
  query: Paging & { sort: LeaderSort; order?: SortOrder },
): Promise<Page<ChainWalletSummary>> {
  const [rows, total] = await Promise.all([
    leaderPage(db, WALLETS, { sort: query.sort, order: query.order }, pageWindow(query)),
    leaderCount(db, WALLETS),
  ])
  const [cards, wallets] = await Promise.all([
    summariesOf(db, rows, '30d', now, marks),
    walletsOf(
      db,
      rows.map((row) => row.leader.userId),
    ),
  ])
  const list = cards.map((card) => withWallet(card, wallets.get(Number(card.leaderId))))
  return { list, total, page: query.page, pageSize: query.pageSize }
}

export async function chainWalletDetail(
  db: Tx,
  now: Date,
  market: Pick<MarketSimulator, 'mark' | 'marks'>,
  rules: Rules,
  chain: string,
  address: string,
): Promise<ChainWalletDetail> {
  const [wallet] = await db
    .select()
    .from(chainWallets)
    .where(and(eq(chainWallets.chain, chain), eq(chainWallets.address, address)))
  if (!wallet) throw notFound()
  const leaderId = wallet.leaderId
  const [row] = await leaderPage(db, { ...WALLETS, leaderIds: [leaderId] }, { sort: 'newest' }, { limit: 1, offset: 0 })
  if (!row) throw notFound()
  const [[card], stats, trades] = await Promise.all([
    summariesOf(db, [row], '30d', now, marksOf(market)),
    db.select().from(leaderStats).where(eq(leaderStats.leaderId, leaderId)),
    db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, leaderId), isNull(positions.copyId)))
      .orderBy(desc(positions.openedAt), desc(positions.id))
      .limit(RECENT_TRADES),
  ])
  if (!card) throw notFound()
  const lights = await adlQuantiles(db, rules, marksOf(market), trades)
  return {
    ...withWallet(card, wallet),
    periods: STATS_PERIODS.map((period) => statsToWire(period, stats.find((s) => s.period === period) ?? null)),
    trades: trades.map((position) =>
      positionToWire(
        position,
        position.status === 'open' ? markOf(market, position.pairCode) : undefined,
        lights.get(position.id) ?? null,
      ),
    ),
  }
}
