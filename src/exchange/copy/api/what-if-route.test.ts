/**
 * The what-if call over HTTP, and the copy-trading API as a whole: every documented operation belongs to a tested part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiErrorSchema, whatIfResponseSchema } from '#/contract/index.ts'
import { Money } from '#/exchange/money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { seedWhatIfLeader } from '#tests/fixtures/exchange/copy/what-if-fixtures.ts'
import { openApiCheck, type OpenApiCheck } from '#tests/fixtures/exchange/openapi-check.ts'

const START = Date.UTC(2026, 0, 6, 1)
const PATH = '/copy/v1/leaders/{leaderId}/what-if'
let h: Harness
let doc: OpenApiCheck
let leaderId = 0

beforeAll(async () => {
  h = await startHarness({ start: START })
  doc = openApiCheck((await h.api('GET', '/openapi.json')).body)
  leaderId = await seedWhatIfLeader(h, START, 'WhatIf')
})
afterAll(() => h.close())

async function post(id: number | string, body: unknown, status: number) {
  const result = await h.api('POST', `/copy/v1/leaders/${id}/what-if`, { body })
  expect(result.status, result.text).toBe(status)
  doc.assertResponse(PATH, 'post', status, result.body)
  return result.body
}

describe('what-if over HTTP', () => {
  it('answers what a fixed-amount copy would have made: +2 % on 500 USDT at 10x, less fees', async () => {
    const { data } = whatIfResponseSchema.parse(
      await post(leaderId, { mode: 'fixed', fixedAmount: '500', investment: '2000', period: '7d' }, 200),
    )
    // 500 at 10x of BTC at 60,000: 0.08333 BTC (lot 0.00001); +1,200 × 0.08333 = 99.996; fees 0.0005 × (60,000 +
    // 61,200) × 0.08333.
    const size = new Money('0.08333')
    const expected = size.times(1200).minus(size.times(60_000 + 61_200).times('0.0005'))
    expect({ pnl: data.pnl, copied: data.copied, fees: data.fees }).toEqual({
      pnl: expected.toFixed(),
      copied: 1,
      fees: size.times(121_200).times('0.0005').toFixed(),
    })
    expect(data.roi).toBe(expected.div(2000).toDecimalPlaces(10, Money.ROUND_HALF_UP).toFixed())
  })

  it('refuses bad settings, a bad period and an unknown leader', async () => {
    expect(apiErrorSchema.parse(await post(leaderId, { mode: 'ratio', investment: '100' }, 400)).reason).toBe(
      'invalid-input',
    )
    expect(
      apiErrorSchema.parse(
        await post(leaderId, { mode: 'fixed', fixedAmount: '50', investment: '100', period: '365d' }, 400),
      ).reason,
    ).toBe('invalid-input')
    expect(
      apiErrorSchema.parse(await post(99_999_999, { mode: 'fixed', fixedAmount: '50', investment: '100' }, 404)).reason,
    ).toBe('not-found')
  })
})

describe('the copy-trading API', () => {
  it('has every documented operation in one tested part: reads, follower, leader or what-if', () => {
    const reads = ['/copy/v1/leaders', '/copy/v1/overview', '/copy/v1/chain-wallets']
    const follower = ['/copy/v1/copies', '/copy/v1/positions/', '/copy/v1/watches/', '/copy/v1/votes/', '/copy/v1/my/']
    const part = (method: string, path: string) => {
      if (path === PATH) return 'what-if'
      if (path === '/copy/v1/leader' || path.startsWith('/copy/v1/leader/')) return 'leader'
      if (method === 'get' && reads.some((p) => path.startsWith(p))) return 'reads'
      if (follower.some((p) => path.startsWith(p)) || (method === 'post' && path.endsWith('/follow'))) return 'follower'
      return 'none'
    }
    const copyOps = doc.operations.filter((op) => op.path.startsWith('/copy/'))
    expect(copyOps.length).toBeGreaterThan(30)
    expect(copyOps.filter((op) => part(op.method, op.path) === 'none').map((op) => `${op.method} ${op.path}`)).toEqual(
      [],
    )
  })
})
