/**
 * At most a few pages rendering at once for one client address: a render costs tens of
 * milliseconds of the one thread, so a single address looping over uncached pages would hold it
 * for everyone. Past the limit the address is answered 429 with Retry-After at once; answers
 * from the page cache never count. A render counts until its streamed body has been sent.
 */
import { HTTP_LIMITS } from '#/app.config.ts'

/** The body, calling `release` once when it ends, fails or is cancelled. */
function untilSent(body: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read()
        if (done) {
          release()
          controller.close()
        } else controller.enqueue(value)
      } catch (error) {
        release()
        controller.error(error)
      }
    },
    cancel(reason) {
      release()
      return reader.cancel(reason)
    },
  })
}

export function createRenderLimiter({
  perAddress = HTTP_LIMITS.maxConcurrentRendersPerAddress,
  retryAfterSeconds = HTTP_LIMITS.renderRetryAfterSeconds,
}: { perAddress?: number; retryAfterSeconds?: number } = {}) {
  const active = new Map<string, number>()

  function acquire(address: string): (() => void) | undefined {
    const now = active.get(address) ?? 0
    if (now >= perAddress) return undefined
    active.set(address, now + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (active.get(address) ?? 1) - 1
      if (left === 0) active.delete(address)
      else active.set(address, left)
    }
  }

  async function run(address: string, render: () => Promise<Response>): Promise<Response> {
    const release = acquire(address)
    if (!release) {
      return new Response('Too many pages at once from your address. Try again in a moment.', {
        status: 429,
        headers: {
          'retry-after': String(retryAfterSeconds),
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-store',
        },
      })
    }
    let response: Response
    try {
      response = await render()
    } catch (error) {
      release()
      throw error
    }
    if (!response.body) {
      release()
      return response
    }
    return new Response(untilSent(response.body, release), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }

  return { run, active: (address: string) => active.get(address) ?? 0 }
}
