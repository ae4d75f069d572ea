/**
 * Nothing acknowledged is lost in a crash (issue 18): the exchange runs as its own process on a PGlite folder, a
 * trader sends a burst of orders, the process is killed (SIGKILL, no shutdown) in the middle of it, and started again
 * on the same folder. Every order it answered is there, what the wallet holds frozen is what the open orders hold, and
 * the ledger is whole.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  marketTickerResponseSchema,
  orderHistoryResponseSchema,
  sessionResponseSchema,
  walletAccountResponseSchema,
  type Order,
} from '#/contract/index.ts'
import { openDatabase } from '../db/client.ts'
import { Exact } from '../money.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { CHALLENGE_PATH, solveVerification } from '#tests/fixtures/verification.ts'

const folder = mkdtempSync(join(tmpdir(), 'tandem-crash-'))
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(folder, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** The exchange on its own (src/exchange/main.ts) on the folder; resolves once it answers. */
async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['src/exchange/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: join(folder, 'db'),
      EXCHANGE_PORT: String(port),
      EXCHANGE_BACKFILL_DAYS: '1',
      NODE_ENV: 'test',
      SANDBOX: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  children.push(child)
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the exchange exited with ${child.exitCode}`)
    const ready = await fetch(`http://127.0.0.1:${port}/market/v1/instruments`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) return child
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('the exchange did not start')
}

/** Resolves once the process has ended (by itself, or by a signal: then its exit code stays null). */
const ended = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  )

const json = async (response: Response): Promise<unknown> => response.json()
const inboxSchema = z.object({ messages: z.array(z.object({ code: z.string() })) })

describe('a crash in the middle of an order burst', () => {
  it('keeps every acknowledged order, the frozen funds and the ledger whole after a restart', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    const verified = async (body: Record<string, unknown>) => ({
      ...body,
      verification: await solveVerification(await json(await fetch(`${base}${CHALLENGE_PATH}`))),
    })
    const first = await start(port)
    const account = 'crash@example.com'
    expect(
      (await post('/v2/users/verify-code/send', await verified({ accountType: 'email', account, purpose: 'register' })))
        .ok,
    ).toBe(true)
    const inbox = inboxSchema.parse(await json(await fetch(`${base}/dev/inbox.json?address=${account}`)))
    const code = inbox.messages[0]?.code ?? ''
    const session = sessionResponseSchema.parse(
      await json(
        await post(
          '/v2/users/register',
          await verified({ accountType: 'email', account, password: 'Passw0rd!', code }),
        ),
      ),
    ).data
    expect((await post('/dev/faucet', {}, session.token)).ok).toBe(true)

    // Resting buys under the price (5 % under the last, on the tick), ten at a time; the process dies while a wave is in
    // flight.
    const ticker = marketTickerResponseSchema.parse(
      await json(await fetch(`${base}/market/v1/ticker?pairCode=TRX_USDT`)),
    ).data
    const price = new Exact(ticker.last).times('0.95').toDecimalPlaces(5, Exact.ROUND_DOWN).toFixed()
    const acknowledged: string[] = []
    let sent = 0
    const wave = async () =>
      Promise.all(
        Array.from({ length: 10 }, async () => {
          const clientOrderId = `burst-${++sent}`
          const response = await post(
            '/trade/v1/orders',
            { clientOrderId, biz: 'spot', pairCode: 'TRX_USDT', side: 'buy', type: 'limit', price, size: '50' },
            session.token,
          ).catch(() => undefined)
          if (response?.status === 200) acknowledged.push(clientOrderId)
        }),
      )
    for (let i = 0; i < 4; i += 1) await wave()
    const inFlight = wave()
    await new Promise((resolve) => setTimeout(resolve, 15))
    first.kill('SIGKILL')
    await inFlight
    await ended(first)
    expect(acknowledged.length).toBeGreaterThanOrEqual(40)

    const second = await start(port)
    const login = sessionResponseSchema.parse(
      await json(await post('/v2/users/login', { accountType: 'email', account, password: 'Passw0rd!' })),
    ).data
    const list: Order[] = []
    for (let page = 1; ; page += 1) {
      const history = orderHistoryResponseSchema.parse(
        await json(
          await fetch(`${base}/trade/v1/orders/history?biz=spot&page=${page}&pageSize=100`, {
            headers: { authorization: `Bearer ${login.token}` },
          }),
        ),
      ).data
      list.push(...history.list)
      if (list.length >= history.total) break
    }
    const stored = new Set(list.map((o) => o.clientOrderId))
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
    const wallet = walletAccountResponseSchema
      .parse(await json(await post('/asset/v1/api/wallet/account', { walletTypeList: [1] }, login.token)))
      .data.list.find((b) => b.coin === 'USDT')
    const held = list
      .filter((o) => o.status === 'new')
      .reduce((sum, o) => sum.plus(new Exact(o.price ?? 0).times(o.size ?? 0)), new Exact(0))
    expect([wallet?.frozen, wallet?.total]).toEqual([held.toFixed(), '10000'])

    second.kill('SIGTERM')
    await ended(second)
    const handle = await openDatabase({ dataDir: join(folder, 'db') })
    try {
      expect(await ledgerState(handle.db)).toEqual({ zero: true, mismatched: 0 })
    } finally {
      await handle.close()
    }
  }, 240_000)
})
