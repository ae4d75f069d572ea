import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createWebSocketEndpoint, rawText, refuseUpgrade } from './websocket.ts'

let server: Server
let endpoint: ReturnType<typeof createWebSocketEndpoint>
let base: string

beforeAll(async () => {
  endpoint = createWebSocketEndpoint('/ws')
  server = createServer((_req, res) => res.end('http'))
  server.on('upgrade', (req, socket, head) => {
    if (!endpoint.handleUpgrade(req, socket, head)) refuseUpgrade(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await endpoint.close()
  await new Promise((resolve) => server.close(resolve))
})

function connect(path: string): Promise<{ ws: WebSocket; messages: unknown[]; next: () => Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(base + path)
    const messages: unknown[] = []
    const waiters: Array<(m: unknown) => void> = []
    ws.on('message', (data) => {
      const parsed: unknown = JSON.parse(rawText(data))
      const waiter = waiters.shift()
      if (waiter) waiter(parsed)
      else messages.push(parsed)
    })
    const next = () => (messages.length ? Promise.resolve(messages.shift()) : new Promise<unknown>((r) => waiters.push(r)))
    ws.on('open', () => resolve({ ws, messages, next }))
    ws.on('error', reject)
  })
}

describe('/ws placeholder channel', () => {
  it('greets, echoes JSON and answers ping with pong', async () => {
    const { ws, next } = await connect('/ws')
    expect(await next()).toMatchObject({ event: 'hello' })
    ws.send(JSON.stringify({ event: 'subscribe', channel: 'ticker' }))
    expect(await next()).toEqual({ event: 'echo', data: { result: { event: 'subscribe', channel: 'ticker' } } })
    ws.send(JSON.stringify({ event: 'ping' }))
    expect(await next()).toMatchObject({ event: 'pong' })
    ws.close()
  })

  it('answers malformed JSON with an error and stays open', async () => {
    const { ws, next } = await connect('/ws')
    await next()
    ws.send('{not json')
    expect(await next()).toEqual({ event: 'error', data: { result: { code: 'malformed-json' } } })
    ws.send(JSON.stringify({ a: 1 }))
    expect(await next()).toMatchObject({ event: 'echo' })
    ws.close()
  })

  it('closes a connection that sends an oversized frame', async () => {
    const { ws, next } = await connect('/ws')
    await next()
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
    ws.send('x'.repeat(10_000))
    expect(await closed).toBe(1009)
  })

  it('refuses upgrades on any other path', async () => {
    await expect(connect('/other')).rejects.toThrow(/404/)
  })
})
