/**
 * Deterministic demo data: four accounts with balances (deposited through the ledger), the
 * anniversary campaign and the global config. Every insert skips rows that exist, so seeding twice changes nothing.
 */
import { and, count, eq } from 'drizzle-orm'
import { ACCOUNTS, WALLET_TYPES } from '#/app.config.ts'
import type { AccountType } from '../contract/index.ts'
import { DEFAULT_PREFERENCES } from './accounts/accounts.service.ts'
import { hashPassword } from './accounts/passwords.ts'
import { deposit } from './copy/engine.ts'
import { Money } from './money.ts'
import { ensureConfigDefaults } from './activity/global-config.ts'
import type { Database } from './db/client.ts'
import { balances, campaigns, preferences, users } from './db/schema.ts'

export interface DemoUser {
  accountType: AccountType
  account: string
  password: string
  nickname: string
  inviteCode: string
  /** Set for the sub-account: the account of its main account. */
  parent?: string
  /** Coin → amount in the EXCHANGE wallet. */
  balances: Record<string, string>
}

/** The demo accounts (cited in the README). Demo passwords only: never for real money. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    accountType: 'email',
    account: 'demo@tandem.dev',
    password: 'Demo12345',
    nickname: 'Demo',
    inviteCode: 'DEMO2345',
    balances: { USDT: '25000', BTC: '0.85', ETH: '12.5', SOL: '140' },
  },
  {
    accountType: 'email',
    account: 'trader@tandem.dev',
    password: 'Trader12345',
    nickname: 'Trader',
    inviteCode: 'TRADER23',
    balances: { USDT: '120000', BTC: '2.1' },
  },
  {
    accountType: 'email',
    account: 'sub@tandem.dev',
    password: 'Sub12345',
    nickname: 'Sub',
    inviteCode: 'SUBACC23',
    parent: 'demo@tandem.dev',
    balances: { USDT: '1500' },
  },
  {
    accountType: 'mobile',
    account: '13800138000',
    password: 'Mobile12345',
    nickname: 'Mobile',
    inviteCode: 'MOBILE23',
    balances: {},
  },
]

/** Its texts are English here: the web app shows them in the page's language by this id (campaign.texts.ts). */
export const DEMO_CAMPAIGN = {
  id: 'anniversary-2025',
  kind: 'anniversary',
  showSwitch: true,
  title: 'Tandem anniversary',
  subtitle: 'Copy a leader during the celebration and share the reward pool',
  startTime: new Date('2025-01-01T00:00:00.000Z'),
  endTime: new Date('2030-12-31T23:59:59.000Z'),
  rewardPoolUsdt: '1000000',
} as const

const EXCHANGE_WALLET = Number(WALLET_TYPES.EXCHANGE)

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users)
  return (row?.value ?? 0) === 0
}

export async function seedDemoData(db: Database, now: Date): Promise<void> {
  // Hashing is slow on purpose; do it before the transaction holds the database.
  const hashes = await Promise.all(DEMO_USERS.map((user) => hashPassword(user.password)))
  await db.transaction(async (tx) => {
    await ensureConfigDefaults(tx)
    await tx
      .insert(campaigns)
      .values({ ...DEMO_CAMPAIGN, createdAt: now })
      .onConflictDoNothing()
    const ids = new Map<string, number>()
    for (const [index, demo] of DEMO_USERS.entries()) {
      const parentId = demo.parent === undefined ? null : (ids.get(demo.parent) ?? null)
      const sub = parentId !== null
      await tx
        .insert(users)
        .values({
          accountType: demo.accountType,
          account: demo.account,
          passwordHash: hashes[index] ?? '',
          nickname: demo.nickname,
          inviteCode: demo.inviteCode,
          userSubType: sub ? ACCOUNTS.subAccountType : 1,
          parentUserId: parentId,
          changeLogin: !sub,
          standAloneLogin: true,
          createdAt: now,
        })
        .onConflictDoNothing()
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.accountType, demo.accountType), eq(users.account, demo.account)))
      if (!row) throw new Error(`demo user ${demo.account} missing after insert`)
      ids.set(demo.account, row.id)
      await tx
        .insert(preferences)
        .values({ userId: row.id, ...DEFAULT_PREFERENCES, updatedAt: now })
        .onConflictDoNothing()
      // Demo funds arrive through the ledger (from the outside world), once: only into a wallet row created now.
      for (const [coin, amount] of Object.entries(demo.balances)) {
        const created = await tx
          .insert(balances)
          .values({ userId: row.id, walletType: EXCHANGE_WALLET, coin, available: '0', updatedAt: now })
          .onConflictDoNothing()
          .returning({ coin: balances.coin })
        if (created.length > 0) await deposit(tx, row.id, coin, new Money(amount), now)
      }
    }
  })
}
