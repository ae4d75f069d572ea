/**
 * The sandbox's faucet: test USDT for the signed-in user, deposited through the ledger like any deposit, once a day per
 * account, into the spot wallet or (walletType 3) the futures wallet copies are funded from; and whether today's is
 * taken (GET), so the assets page says so after a reload too. Served when the exchange is a sandbox (SANDBOX, the
 * default, production included), never on a real deployment.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import { and, eq, sql } from 'drizzle-orm'
import { DEV, WALLET_TYPES } from '#/app.config.ts'
import { faucetRequestSchema, type FaucetGrant, type FaucetStatus } from '#/contract/index.ts'
import { DAY_MS, utcDay, utcDayStart } from '#/contract/stats-window.ts'
import type { Database } from '../db/client.ts'
import { ledgerTransfers } from '../db/copy-schema.ts'
import { ApiFailure } from '../http/errors.ts'
import type { ExchangeContext } from '../context.ts'
import { deposit } from '../copy/engine.ts'
import { marksOf } from '../copy/marks.ts'
import { requireAuth } from '../http/auth.ts'
import { Money } from '../money.ts'

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** An arbitrary constant naming the faucet among advisory locks: one grant per account at a time. */
const FAUCET_LOCK = 7_261_011

/** The day's grant is the deposit with this ref. */
const grantRef = (userId: number, now: Date) => `faucet:${userId}:${utcDay(now.getTime())}`

/** Seconds until the next UTC day, when the next grant can be taken. */
const untilNextDay = (now: Date) => Math.ceil((utcDayStart(now.getTime()) + DAY_MS - now.getTime()) / 1000)

async function grantedToday(db: Pick<Database, 'select'>, userId: number, now: Date): Promise<boolean> {
  const [given] = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.kind, 'deposit'), eq(ledgerTransfers.ref, grantRef(userId, now))))
    .limit(1)
  return given !== undefined
}

export function devFaucetRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  app.get('/dev/faucet', requireAuth(ctx), async (c) => {
    const now = ctx.now()
    const taken = await grantedToday(ctx.db, c.get('auth').user.id, now)
    const status: FaucetStatus = { grantedToday: taken, retryAfter: taken ? untilNextDay(now) : 0 }
    return c.json({ code: 0, data: status, msg: 'ok' })
  })

  app.post('/dev/faucet', requireAuth(ctx), async (c) => {
    const userId = c.get('auth').user.id
    const text = await c.req.text()
    const body = faucetRequestSchema.safeParse(text.trim() === '' ? {} : safeJson(text))
    if (!body.success)
      throw new ApiFailure(400, 'invalid-input', { fields: [{ path: 'walletType', issue: '1 (spot) or 3 (futures)' }] })
    const walletType = body.data.walletType ?? Number(WALLET_TYPES.SPOT)
    const now = ctx.now()
    // Once per account and UTC day (parallel calls wait on the lock).
    const granted = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FAUCET_LOCK}, ${userId})`)
      if (await grantedToday(tx, userId, now)) return false
      await deposit(
        tx,
        userId,
        'USDT',
        new Money(DEV.faucetUsdt),
        now,
        marksOf(ctx.market),
        grantRef(userId, now),
        walletType,
      )
      return true
    })
    if (!granted)
      throw new ApiFailure(429, 'rate-limited', {
        msg: 'Test funds are given once a day; come back after 00:00 UTC',
        retryAfter: untilNextDay(now),
      })
    ctx.events.accounts([userId])
    const grant: FaucetGrant = { coin: 'USDT', amount: DEV.faucetUsdt, walletType }
    return c.json({ code: 0, data: grant, msg: 'ok' })
  })
}
