/**
 * Test kit of the follower's API tests: calls checked against the served OpenAPI document (and
 * recorded, to prove every operation was exercised), leaders inserted for registered users, funds
 * deposited through the ledger, wallet reads and leader trades.
 */
import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { apiErrorSchema } from '../../../contract/index.ts'
import { leaders } from '../../db/copy-schema.ts'
import { balances } from '../../db/schema.ts'
import { Money } from '../../money.ts'
import { startHarness, type ApiResult, type Harness, type TestUser } from '../../testing/harness.ts'
import { openApiCheck, type OpenApiCheck } from '../../testing/openapi-check.ts'
import { deposit, leaderTrade } from '../engine.ts'
import type { LeaderOrder } from '../mirror.ts'
import { EXCHANGE_WALLET, QUOTE } from '../positions.ts'

export interface CallOptions {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: unknown
  token?: string
}

export interface User extends TestUser {
  id: number
}

export interface Kit {
  h: Harness
  doc: OpenApiCheck
  exercised: Set<string>
  /** Calls `template` (a documented path) and checks the answer against the document. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', template: string, options?: CallOptions): Promise<ApiResult>
  /** The refusal's reason, after checking the status. */
  refused(result: ApiResult, status: number): string
  user(usdt?: string): Promise<User>
  leader(overrides?: Partial<typeof leaders.$inferInsert>, usdt?: string): Promise<User>
  fund(userId: number, usdt: string): Promise<void>
  wallet(userId: number): Promise<Money>
  mark(pairCode: string): Money
  trade(order: LeaderOrder): ReturnType<typeof leaderTrade>
}

export async function startKit(): Promise<Kit> {
  const h = await startHarness()
  const doc = openApiCheck((await h.api('GET', '/openapi.json')).body)
  const exercised = new Set<string>()
  const fund = async (userId: number, usdt: string) => {
    await h.context.db.transaction((tx) => deposit(tx, userId, QUOTE, new Money(usdt), h.context.now()))
  }
  const user = async (usdt = '0') => {
    const registered = await h.registerUser()
    const id = Number(registered.userId)
    if (usdt !== '0') await fund(id, usdt)
    return { ...registered, id }
  }
  return {
    h,
    doc,
    exercised,
    async call(method, template, options = {}) {
      let path = template
      for (const [key, value] of Object.entries(options.params ?? {})) path = path.replace(`{${key}}`, encodeURIComponent(value))
      const query = new URLSearchParams(options.query).toString()
      const result = await h.api(method, query ? `${path}?${query}` : path, { body: options.body, token: options.token })
      doc.assertResponse(template, method.toLowerCase(), result.status, result.body)
      exercised.add(`${method.toLowerCase()} ${template}`)
      return result
    },
    refused(result, status) {
      expect(result.status, result.text).toBe(status)
      return apiErrorSchema.parse(result.body).reason
    },
    user,
    async leader(overrides = {}, usdt = '100000') {
      const created = await user(usdt)
      await h.context.db.insert(leaders).values({
        userId: created.id,
        biz: 'futures',
        strategy: 'user',
        nickname: `lead${created.id}`,
        profitShareRate: '0.1',
        maxFollowers: 10,
        minCopyAmount: '50',
        createdAt: h.context.now(),
        ...overrides,
      })
      return created
    },
    fund,
    async wallet(userId) {
      const [row] = await h.context.db
        .select({ available: balances.available })
        .from(balances)
        .where(and(eq(balances.userId, userId), eq(balances.walletType, EXCHANGE_WALLET), eq(balances.coin, QUOTE)))
      return new Money(row?.available ?? '0')
    },
    mark(pairCode) {
      const mark = h.context.market.mark(pairCode)
      if (!mark) throw new Error(`no mark for ${pairCode}`)
      return new Money(mark)
    },
    trade: (order) => leaderTrade(h.context.db, h.context.rules, order),
  }
}

/** Asserts that the document lists every one of `operations` ('method path') and that each was called. */
export function expectAllExercised(kit: Kit, operations: readonly string[]): void {
  const documented = new Set(kit.doc.operations.map((op) => `${op.method} ${op.path}`))
  for (const operation of operations) {
    expect(documented.has(operation), `${operation} is documented`).toBe(true)
    expect(kit.exercised.has(operation), `${operation} was exercised`).toBe(true)
  }
}
