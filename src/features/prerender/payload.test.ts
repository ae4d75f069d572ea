import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { loadPrerendered, payloadUrl } from './payload.ts'

const schema = z.object({ tiers: z.array(z.string()) })
const FROM_PAYLOAD = { tiers: ['from payload'] }
const FROM_SERVER = { tiers: ['from the server function'] }
const PAGE = '/ar_AE/affiliate-register/why-join-tandem'

function setup(answer: () => Promise<Response>) {
  const queryClient = new QueryClient()
  const fetchPayload = vi.fn<typeof fetch>(answer)
  const load = vi.fn(() => Promise.resolve(FROM_SERVER))
  const run = (buildId: string | undefined) =>
    loadPrerendered(queryClient, PAGE, { queryKey: ['program'], schema, load }, { buildId, fetchPayload })
  return { queryClient, fetchPayload, load, run }
}

describe('payloadUrl', () => {
  it("is the page's path, the payload file and the build id as the query", () => {
    expect(payloadUrl(PAGE, 'b1')).toBe(`${PAGE}/_payload.json?b1`)
    expect(payloadUrl(`${PAGE}/`, 'b1')).toBe(`${PAGE}/_payload.json?b1`)
  })
})

describe('loadPrerendered on a client navigation', () => {
  afterEach(() => vi.unstubAllGlobals())
  const inBrowser = () => vi.stubGlobal('window', {})

  it("takes the build's payload instead of calling the server function, and caches it", async () => {
    inBrowser()
    const { run, fetchPayload, load, queryClient } = setup(() => Promise.resolve(Response.json(FROM_PAYLOAD)))
    expect(await run('b1')).toEqual(FROM_PAYLOAD)
    expect(fetchPayload).toHaveBeenCalledWith(`${PAGE}/_payload.json?b1`, expect.anything())
    expect(load).not.toHaveBeenCalled()
    expect(queryClient.getQueryData(['program'])).toEqual(FROM_PAYLOAD)
  })

  it.each([
    ['refused as stale (409)', () => Promise.resolve(Response.json({ error: 'Stale build' }, { status: 409 }))],
    ['missing (404)', () => Promise.resolve(new Response('Not Found', { status: 404 }))],
    ['of another shape', () => Promise.resolve(Response.json({ tiers: 'no' }))],
    ['unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to the server function when the payload is %s', async (_, answer) => {
    inBrowser()
    const { run, load } = setup(answer)
    expect(await run('b1')).toEqual(FROM_SERVER)
    expect(load).toHaveBeenCalledOnce()
  })

  it('asks for no payload once the data is cached, nor without a build id', async () => {
    inBrowser()
    const cached = setup(() => Promise.resolve(Response.json(FROM_PAYLOAD)))
    cached.queryClient.setQueryData(['program'], FROM_SERVER)
    await cached.run('b1')
    expect(cached.fetchPayload).not.toHaveBeenCalled()
    const unbuilt = setup(() => Promise.resolve(Response.json(FROM_PAYLOAD)))
    expect(await unbuilt.run(undefined)).toEqual(FROM_SERVER)
    expect(unbuilt.fetchPayload).not.toHaveBeenCalled()
  })
})

describe('loadPrerendered on the server', () => {
  it('loads from the server function (the render and the prerender itself)', async () => {
    const { run, fetchPayload } = setup(() => Promise.resolve(Response.json(FROM_PAYLOAD)))
    expect(await run('b1')).toEqual(FROM_SERVER)
    expect(fetchPayload).not.toHaveBeenCalled()
  })
})
