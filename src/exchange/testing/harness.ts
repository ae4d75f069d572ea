/**
 * Test harness: one exchange per test file, on PGlite in memory, or on a fresh PostgreSQL database
 * of its own when DATABASE_URL is set (created here, dropped on close). A settable clock, a unique
 * client address per login (the per-address limit would otherwise trip across tests) and helpers
 * for the common flows.
 */
import { randomBytes, randomInt } from 'node:crypto'
import pg from 'pg'
import { z } from 'zod'
import { sessionResponseSchema } from '../../contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import type { EngineRunner } from '../copy/runner.ts'
import { openExchange, type Exchange, type ExchangeOptions } from '../index.ts'

export interface ApiResult {
  status: number
  headers: Headers
  text: string
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: unknown
}

export interface CallOptions {
  body?: unknown
  /** Sent as is (with Content-Type application/json unless headers say otherwise). */
  raw?: string | Uint8Array | ReadableStream<Uint8Array>
  token?: string
  headers?: Record<string, string>
}

export interface Harness {
  exchange: Exchange
  context: ExchangeContext
  /** The engine loop: tests call engine.tick() after moving the clock. */
  engine: EngineRunner
  kind: 'pglite' | 'postgres'
  /** Moves the exchange's clock (sessions, code expiry). */
  advance(ms: number): void
  logs: { errors: unknown[] }
  api(method: string, path: string, options?: CallOptions): Promise<ApiResult>
  nextIp(): string
  latestCode(address: string): Promise<string>
  registerUser(options?: { account?: string; password?: string; accountType?: 'email' | 'mobile' }): Promise<TestUser>
  login(account: string, password: string, accountType?: 'email' | 'mobile'): Promise<ApiResult>
  close(): Promise<void>
}

export interface TestUser {
  account: string
  password: string
  token: string
  userId: string
}

const inboxSchema = z.object({ messages: z.array(z.object({ address: z.string(), code: z.string() })) })

let uniqueCounter = 0
/** Unique within a run: test files share no accounts even on one PostgreSQL server. */
export function unique(prefix: string): string {
  uniqueCounter += 1
  return `${prefix}${process.pid}x${uniqueCounter}x${randomBytes(3).toString('hex')}`
}

async function freshPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tandem_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}

export async function startHarness(options: Partial<ExchangeOptions> & { start?: number } = {}): Promise<Harness> {
  const { start, ...exchangeOptions } = options
  let clock = start ?? Date.now()
  const errors: unknown[] = []
  const adminUrl = process.env.DATABASE_URL
  const postgres = adminUrl ? await freshPostgres(adminUrl) : undefined
  const { exchange, context, engine } = await openExchange({
    devPages: true,
    logger: { log: () => undefined, error: (...args: unknown[]) => errors.push(args) },
    now: () => new Date(clock),
    // A few days of market history: enough for every chart and statistic, fast to write.
    market: { backfillDays: 3, minuteHistoryDays: 1 },
    ...(postgres ? { databaseUrl: postgres.url } : { dataDir: 'memory://' }),
    ...exchangeOptions,
  })
  let ip = 0

  const api = async (method: string, path: string, call: CallOptions = {}): Promise<ApiResult> => {
    const headers = new Headers(call.headers)
    if ((call.body !== undefined || call.raw !== undefined) && !headers.has('content-type')) {
      headers.set('content-type', 'application/json')
    }
    if (call.token) headers.set('authorization', `Bearer ${call.token}`)
    let body: BodyInit | undefined
    if (call.raw instanceof Uint8Array) body = streamOf(call.raw)
    else if (call.raw !== undefined) body = call.raw
    else if (call.body !== undefined) body = JSON.stringify(call.body)
    const init: RequestInit & { duplex?: 'half' } = { method, headers, body, ...(body instanceof ReadableStream && { duplex: 'half' }) }
    const response = await exchange.fetch(new Request(`http://exchange.test${path}`, init))
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    return { status: response.status, headers: response.headers, text, body: parsed }
  }

  const nextIp = () => {
    ip += 1
    return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`
  }

  const latestCode = async (address: string) => {
    const result = await api('GET', `/dev/inbox.json?address=${encodeURIComponent(address)}`)
    const code = inboxSchema.parse(result.body).messages[0]?.code
    if (!code) throw new Error(`no code sent to ${address}`)
    return code
  }

  const login = (account: string, password: string, accountType: 'email' | 'mobile' = 'email') =>
    api('POST', '/v2/users/login', { body: { accountType, account, password }, headers: { 'x-forwarded-for': nextIp() } })

  const registerUser: Harness['registerUser'] = async (user = {}) => {
    const accountType = user.accountType ?? 'email'
    const account = user.account ?? (accountType === 'email' ? `${unique('user')}@example.com` : `19${String(randomInt(1e9)).padStart(9, '0')}`)
    const password = user.password ?? 'Passw0rd!'
    const sent = await api('POST', '/v2/users/verify-code/send', { body: { accountType, account, purpose: 'register' } })
    if (sent.status !== 200) throw new Error(`send code failed: ${sent.text}`)
    const code = await latestCode(account.toLowerCase())
    const registered = await api('POST', '/v2/users/register', { body: { accountType, account, password, code } })
    if (registered.status !== 200) throw new Error(`register failed: ${registered.text}`)
    const session = sessionResponseSchema.parse(registered.body).data
    return { account, password, token: session.token, userId: session.userId }
  }

  return {
    exchange,
    context,
    engine,
    kind: postgres ? 'postgres' : 'pglite',
    advance: (ms) => {
      clock += ms
    },
    logs: { errors },
    api,
    nextIp,
    latestCode,
    registerUser,
    login,
    async close() {
      await exchange.close()
      await postgres?.drop()
    },
  }
}
