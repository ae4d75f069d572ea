import { describe, expect, it } from 'vitest'
import { createRenderLimiter } from './render-limit.ts'

function slowPage() {
  let finish: () => void = () => undefined
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('<html>'))
      finish = () => controller.close()
    },
  })
  return { response: new Response(body, { headers: { 'content-type': 'text/html' } }), finish: () => finish() }
}

describe('render limiter', () => {
  it('answers 429 past the limit of one address while its pages are still streaming, and lets others render', async () => {
    const limiter = createRenderLimiter({ perAddress: 2, retryAfterSeconds: 3 })
    const a = slowPage()
    const b = slowPage()
    const first = await limiter.run('10.0.0.1', () => Promise.resolve(a.response))
    const second = await limiter.run('10.0.0.1', () => Promise.resolve(b.response))
    const refused = await limiter.run('10.0.0.1', () => Promise.resolve(new Response('never')))
    expect([first.status, second.status, refused.status]).toEqual([200, 200, 429])
    expect(refused.headers.get('retry-after')).toBe('3')
    expect((await limiter.run('10.0.0.2', () => Promise.resolve(new Response('other')))).status).toBe(200)
    // A page counts until its body has been sent (or the client went away).
    a.finish()
    await first.text()
    expect(limiter.active('10.0.0.1')).toBe(1)
    await second.body?.cancel()
    expect(limiter.active('10.0.0.1')).toBe(0)
    expect((await limiter.run('10.0.0.1', () => Promise.resolve(new Response('again')))).status).toBe(200)
  })

  it('frees the slot of a render that failed', async () => {
    const limiter = createRenderLimiter({ perAddress: 1 })
    await expect(limiter.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(limiter.active('a')).toBe(0)
  })
})
