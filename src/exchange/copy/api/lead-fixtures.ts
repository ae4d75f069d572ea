/**
 * Test set-up of the leader API tests: users funded through the ledger, leader rows and follower
 * copies inserted as the engine expects them, and a caller that checks every answer's status and
 * its body against the served OpenAPI document, recording which operations were exercised.
 */
import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { apiErrorSchema, type ApiError } from '../../../contract/index.ts'
import { copies, leaders } from '../../db/copy-schema.ts'
import { balances } from '../../db/schema.ts'
import { Money } from '../../money.ts'
import type { Harness, TestUser } from '../../testing/harness.ts'
import { openApiCheck, type OpenApiCheck } from '../../testing/openapi-check.ts'
import { deposit, fundCopy } from '../engine.ts'
import { EXCHANGE_WALLET, QUOTE } from '../positions.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface Caller {
  doc: OpenApiCheck
  exercised: Set<string>
  /** Calls, expects `status`, checks the body against the document; returns the body. */
  call(method: Method, path: string, token: string | undefined, status: number, body?: unknown): Promise<unknown>
  /** Calls, expects a refusal with `status` and `reason`; returns the error envelope. */
  refused(method: Method, path: string, token: string | undefined, status: number, reason: ApiError['reason'], body?: unknown): Promise<ApiError>
}

const templateRegex = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`)

export async function makeCaller(h: Harness): Promise<Caller> {
  const doc = openApiCheck((await h.api('GET', '/openapi.json')).body)
  const exercised = new Set<string>()
  const call: Caller['call'] = async (method, path, token, status, body) => {
    const result = await h.api(method, path, { token, body })
    expect(result.status, result.text).toBe(status)
    const bare = path.split('?')[0] ?? path
    // A literal path (…/followers) is preferred over a template that also matches it.
    const template = doc.paths.find((p) => p === bare) ?? doc.paths.find((p) => templateRegex(p).test(bare))
    if (!template) throw new Error(`${bare} is not in the document`)
    doc.assertResponse(template, method.toLowerCase(), status, result.body)
    exercised.add(`${method.toLowerCase()} ${template}`)
    return result.body
  }
  const refused: Caller['refused'] = async (method, path, token, status, reason, body) => {
    const error = apiErrorSchema.parse(await call(method, path, token, status, body))
    expect(error.reason).toBe(reason)
    return error
  }
  return { doc, exercised, call, refused }
}

export interface User extends TestUser {
  id: number
}

/** A registered user with `usdt` in the exchange wallet (through the ledger). */
export async function fundedUser(h: Harness, usdt: string | number): Promise<User> {
  const user = await h.registerUser()
  const id = Number(user.userId)
  if (new Money(usdt).gt(0)) await h.context.db.transaction((tx) => deposit(tx, id, 'USDT', new Money(usdt), h.context.now()))
  return { ...user, id }
}

export async function fund(h: Harness, userId: number, usdt: string | number): Promise<void> {
  await h.context.db.transaction((tx) => deposit(tx, userId, 'USDT', new Money(usdt), h.context.now()))
}

/** A leader row for the user, as apply would write it. */
export async function insertLeader(h: Harness, userId: number, terms: { biz?: 'spot' | 'futures'; rate?: string; maxFollowers?: number } = {}): Promise<void> {
  await h.context.db.insert(leaders).values({
    userId,
    biz: terms.biz ?? 'futures',
    strategy: 'user',
    nickname: `leader${userId}`,
    profitShareRate: terms.rate ?? '0.1',
    maxFollowers: terms.maxFollowers ?? 100,
    minCopyAmount: '10',
    createdAt: h.context.now(),
  })
}

/** A funded user copying `leaderId` at a fixed margin per order, with `invest` moved into the copy. */
export async function follower(h: Harness, leaderId: number, options: { wallet?: string; invest?: string; fixedAmount?: string } = {}): Promise<User & { copyId: number }> {
  const user = await fundedUser(h, options.wallet ?? '10000')
  const [row] = await h.context.db
    .insert(copies)
    .values({ followerId: user.id, leaderId, status: 'active', mode: 'fixed', fixedAmount: options.fixedAmount ?? '1000', investment: '0', leverageMode: 'follow', createdAt: h.context.now() })
    .returning({ id: copies.id })
  if (!row) throw new Error('no copy')
  await h.context.db.transaction((tx) => fundCopy(tx, row.id, new Money(options.invest ?? '5000'), h.context.now()))
  return { ...user, copyId: row.id }
}

/** The USDT in the user's exchange wallet, plain. */
export async function walletOf(h: Harness, userId: number): Promise<string> {
  const [row] = await h.context.db
    .select({ available: balances.available })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.walletType, EXCHANGE_WALLET), eq(balances.coin, QUOTE)))
  return new Money(row?.available ?? '0').toFixed()
}

/** The operations of this part the document lists: everything under /copy/v1/leader. */
export const leaderOperations = (doc: OpenApiCheck) =>
  doc.operations
    .filter((op) => op.path === '/copy/v1/leader' || op.path.startsWith('/copy/v1/leader/'))
    .map((op) => `${op.method} ${op.path}`)
    .sort()
