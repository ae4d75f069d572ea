/**
 * The simulated lead traders and on-chain wallets: one locked user account each (no password can
 * match '!'), a leaders row with the roster's profile and terms, chain-wallet rows, and starting
 * capital deposited through the ledger. Seeded once; the roster is read back as Bots.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '#/exchange/db/client.ts'
import { chainWallets, leaders } from '#/exchange/db/copy-schema.ts'
import { users } from '#/exchange/db/schema.ts'
import { Money } from '#/exchange/money.ts'
import { deposit } from '../engine.ts'
import { CHAIN_WALLETS, LEADERS } from '../roster.ts'
import { STRATEGIES } from '../strategies.ts'
import { nicknameKey } from '../api/nickname.ts'
import type { Bot } from './bot-order.ts'

const BOT_DOMAIN = 'leaders.tandem.dev'
/** A password hash no password verifies against: simulated accounts cannot sign in. */
const LOCKED = '!'
const accountOf = (slug: string) => `${slug}@${BOT_DOMAIN}`

interface BotSeed {
  slug: string
  nickname: string
  kind: 'trader' | 'wallet'
  biz: 'spot' | 'futures'
  strategy: keyof typeof STRATEGIES
  pairs: readonly string[]
  leverage: number
  capital: string
  profile: {
    avatar: string | null
    bio: string
    tags: string[]
    region: string
    profitShareRate: string
    maxFollowers: number
    minCopyAmount: string
  }
  chain?: { chain: string; address: string; label: string }
}

function seeds(): BotSeed[] {
  const traders: BotSeed[] = LEADERS.map((l) => ({
    slug: l.slug,
    nickname: l.nickname,
    kind: 'trader',
    biz: l.biz,
    strategy: l.strategy,
    pairs: l.pairs,
    leverage: l.leverage,
    capital: l.capital,
    profile: {
      avatar: l.avatar,
      bio: l.bio,
      tags: l.tags,
      region: l.region,
      profitShareRate: l.profitShareRate,
      maxFollowers: l.maxFollowers,
      minCopyAmount: l.minCopyAmount,
    },
  }))
  // Chain wallets trade spot (on-chain swaps) and are copied at a fixed amount, without profit share.
  const wallets: BotSeed[] = CHAIN_WALLETS.map((w) => ({
    slug: w.slug,
    nickname: w.label,
    kind: 'wallet',
    biz: 'spot',
    strategy: w.strategy === 'gambler' ? 'trend' : w.strategy,
    pairs: w.pairs,
    leverage: 1,
    capital: w.capital,
    profile: {
      avatar: null,
      bio: w.label,
      tags: [],
      region: '',
      profitShareRate: '0',
      maxFollowers: 1000,
      minCopyAmount: '10',
    },
    chain: { chain: w.chain, address: w.address, label: w.label },
  }))
  return [...traders, ...wallets]
}

/** Creates the simulated leaders once (a later start finds them); `at` dates their accounts and capital. */
export async function seedSimulatedLeaders(db: Database, at: Date): Promise<void> {
  const [existing] = await db.select({ id: leaders.userId }).from(leaders).where(eq(leaders.simulated, true)).limit(1)
  if (existing) return
  const list = seeds()
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        list.map((s) => ({
          accountType: 'email' as const,
          account: accountOf(s.slug),
          passwordHash: LOCKED,
          nickname: s.nickname,
          inviteCode: `BOT${s.slug
            .replace(/[^a-z0-9]/g, '')
            .slice(0, 12)
            .toUpperCase()}${list.indexOf(s)}`,
          createdAt: at,
        })),
      )
      .returning({ id: users.id, account: users.account })
    const ids = new Map(created.map((row) => [row.account, row.id]))
    const idOf = (slug: string) => {
      const id = ids.get(accountOf(slug))
      if (id === undefined) throw new Error(`simulated leader ${slug} was not created`)
      return id
    }
    await tx.insert(leaders).values(
      list.map((s) => ({
        userId: idOf(s.slug),
        biz: s.biz,
        kind: s.kind,
        strategy: s.strategy,
        nickname: s.nickname,
        nicknameKey: nicknameKey(s.nickname),
        avatar: s.profile.avatar,
        bio: s.profile.bio,
        tags: s.profile.tags,
        region: s.profile.region,
        profitShareRate: s.profile.profitShareRate,
        maxFollowers: s.profile.maxFollowers,
        minCopyAmount: s.profile.minCopyAmount,
        instruments: [...s.pairs],
        simulated: true,
        createdAt: at,
      })),
    )
    const chains = list.flatMap((s) => (s.chain ? [{ leaderId: idOf(s.slug), ...s.chain }] : []))
    if (chains.length > 0) await tx.insert(chainWallets).values(chains)
    for (const s of list) await deposit(tx, idOf(s.slug), 'USDT', new Money(s.capital), at)
  })
}

/** The simulated leaders as Bots, from the database (ids) and the roster (strategy, pairs, leverage). */
export async function loadBots(db: Database): Promise<Bot[]> {
  const list = seeds()
  const rows = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .innerJoin(leaders, eq(leaders.userId, users.id))
    .where(
      and(
        eq(leaders.simulated, true),
        inArray(
          users.account,
          list.map((s) => accountOf(s.slug)),
        ),
      ),
    )
  const ids = new Map(rows.map((row) => [row.account, row.id]))
  return list.flatMap((s) => {
    const leaderId = ids.get(accountOf(s.slug))
    return leaderId === undefined
      ? []
      : [{ leaderId, slug: s.slug, biz: s.biz, strategy: STRATEGIES[s.strategy], leverage: s.leverage, pairs: s.pairs }]
  })
}
