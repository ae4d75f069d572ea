/**
 * Two hubs (two processes' worth) sharing one Redis: a message published on one reaches a
 * subscriber of the other. Runs against REDIS_URL, or a redis-server this test starts when the
 * binary is installed; otherwise it is skipped and says why.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisPubSub } from './redis-pubsub.ts'
import type { PubSub } from './pubsub.ts'

let redisUrl = process.env.REDIS_URL
let server: ChildProcess | undefined
const binary = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim()
const reason = redisUrl || binary ? '' : 'no REDIS_URL and no redis-server installed'
if (reason) console.log(`[redis pub/sub] skipped: ${reason}`)

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

beforeAll(async () => {
  if (reason || redisUrl) return
  const port = await freePort()
  server = spawn(binary, ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  redisUrl = `redis://127.0.0.1:${port}`
  // Wait until it answers.
  for (let i = 0; i < 50; i += 1) {
    const ok = await createRedisPubSub(redisUrl)
      .then(async (p) => (await p.close(), true))
      .catch(() => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
})
afterAll(() => {
  server?.kill()
})

describe.skipIf(Boolean(reason))('redis pub/sub', () => {
  it('carries a message from one process’s hub to another’s subscribers, and stops when unsubscribed', async () => {
    const url = redisUrl ?? ''
    const a: PubSub = await createRedisPubSub(url)
    const b: PubSub = await createRedisPubSub(url)
    const received: string[] = []
    const stop = a.subscribe('spot:ticker:BTC_USDT:', (message) => received.push(message))
    // Subscriptions reach Redis asynchronously: publish until the first message arrives.
    for (let i = 0; i < 50 && received.length === 0; i += 1) {
      b.publish('spot:ticker:BTC_USDT:', `{"n":${i}}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(received.length).toBeGreaterThan(0)
    stop()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const before = received.length
    b.publish('spot:ticker:BTC_USDT:', '{"late":true}')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(received.length).toBe(before)
    await Promise.all([a.close(), b.close()])
  })
})
