/**
 * Hostile and broken input: every refusal is a 4xx envelope with a reason, nothing is stored, and
 * the next request still works. Text that passes is stored exactly as sent.
 */
import { and, count, eq } from 'drizzle-orm'
import { serve } from 'srvx'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { API_LIMITS } from '#/app.config.ts'
import { affiliateApplicationResponseSchema, apiErrorSchema, sessionResponseSchema } from '#/contract/index.ts'
import type { Mailer } from '../accounts/mailer.ts'
import {
  affiliateApplications,
  analyticsEventCounts,
  preferences,
  sessions,
  users,
  verificationCodes,
} from '../db/schema.ts'
import { startHarness, unique, type ApiResult, type Harness } from '#tests/fixtures/exchange/harness.ts'

let h: Harness
let token: string
let counts: Record<string, number>

/** Fails for one address, so an unexpected error can be provoked on demand. */
const mailer: Mailer = {
  send: (to) => (to.address === 'explode@example.com' ? Promise.reject(new Error('smtp down')) : Promise.resolve()),
}

async function tableCounts(): Promise<Record<string, number>> {
  const db = h.context.db
  const tables = { users, sessions, verificationCodes, preferences, affiliateApplications, analyticsEventCounts }
  const result: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table)
    result[name] = row?.n ?? 0
  }
  return result
}

/** A refusal: 4xx, the error envelope, the expected reason, no stored change, and the exchange still answers. */
async function expectRefused(result: ApiResult, status: number, reason: string) {
  expect(result.status, result.text).toBe(status)
  const body = apiErrorSchema.parse(result.body)
  expect(body.code).toBe(status)
  expect(body.reason).toBe(reason)
  expect(await tableCounts()).toEqual(counts)
  expect((await h.api('GET', '/open/global/config')).status).toBe(200)
}

beforeAll(async () => {
  h = await startHarness({ mailer })
  token = sessionResponseSchema.parse((await h.login('trader@tandem.dev', 'Trader12345')).body).data.token
})
afterAll(() => h.close())
beforeEach(async () => {
  counts = await tableCounts()
})

const POSTS = [
  '/v2/users/verify-code/send',
  '/v2/users/register',
  '/v2/users/login',
  '/v2/users/membership/user-perfenerce/update',
  '/asset/v1/api/wallet/account',
  '/v2/affiliate/applications',
]

describe('broken bodies', () => {
  it('malformed JSON answers 400 malformed-json everywhere', async () => {
    for (const path of POSTS) {
      for (const raw of ['{', '{"a":', "{'a':1}", '{"a":1}}', 'undefined']) {
        await expectRefused(await h.api('POST', path, { raw, token }), 400, 'malformed-json')
      }
    }
  })

  it('bytes that are not UTF-8 answer 400 malformed-json', async () => {
    await expectRefused(
      await h.api('POST', '/v2/users/login', { raw: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }),
      400,
      'malformed-json',
    )
  })

  it('a body over 64 KB answers 413, by Content-Length or by the bytes streamed', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(API_LIMITS.maxBodyBytes) })
    for (const path of POSTS) {
      await expectRefused(await h.api('POST', path, { raw: big, token }), 413, 'payload-too-large')
      // Streamed without Content-Length (chunked).
      await expectRefused(
        await h.api('POST', path, { raw: new TextEncoder().encode(big), token }),
        413,
        'payload-too-large',
      )
    }
    const declared = await h.api('POST', '/v2/users/login', {
      raw: '{}',
      headers: { 'content-length': String(API_LIMITS.maxBodyBytes + 1) },
    })
    expect(declared.status).toBe(413)
  })

  it('a body just under the limit is read (and refused on its merits)', async () => {
    const padding = 'x'.repeat(API_LIMITS.maxBodyBytes - 100)
    await expectRefused(await h.api('POST', '/v2/users/login', { body: { padding } }), 400, 'invalid-input')
  })

  it('missing or empty bodies are invalid input, field by field', async () => {
    for (const call of [{}, { raw: '' }, { raw: '   ' }, { raw: '{}' }]) {
      const result = await h.api('POST', '/v2/users/login', call)
      await expectRefused(result, 400, 'invalid-input')
    }
    const empty = await h.api('POST', '/asset/v1/api/wallet/account', { token })
    expect(apiErrorSchema.parse(empty.body).data).toEqual({
      fields: [{ path: 'walletTypeList', issue: 'invalid_type' }],
    })
  })

  it('a body that is not JSON answers 415 invalid-input', async () => {
    const result = await h.api('POST', '/v2/users/login', {
      raw: 'account=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    await expectRefused(result, 415, 'invalid-input')
  })

  it('JSON that is not an object, deep nesting and __proto__ are refused', async () => {
    for (const raw of ['[]', '"text"', '42', 'null', 'true', `${'['.repeat(20_000)}${']'.repeat(20_000)}`]) {
      await expectRefused(await h.api('POST', '/v2/users/login', { raw }), 400, 'invalid-input')
    }
    const polluted = '{"accountType":"email","account":"a@b.co","password":"x","__proto__":{"admin":true}}'
    await expectRefused(await h.api('POST', '/v2/users/login', { raw: polluted }), 400, 'invalid-input')
    expect(Object.prototype).not.toHaveProperty('admin')
  })
})

describe('wrong types and values', () => {
  it('names the failing fields with zod codes and never echoes what was sent', async () => {
    const secret = 'S3cret-value-never-echoed'
    const result = await h.api('POST', '/v2/users/login', {
      body: { accountType: 'email', account: 12345, password: [secret], extra: secret },
    })
    await expectRefused(result, 400, 'invalid-input')
    expect(apiErrorSchema.parse(result.body).data).toEqual({
      fields: [
        { path: 'account', issue: 'invalid_type' },
        { path: 'password', issue: 'invalid_type' },
        { path: 'extra', issue: 'unrecognized_keys' },
      ],
    })
    expect(result.text).not.toContain(secret)
  })

  it('refuses wrong types on every body', async () => {
    const bad: Array<[string, unknown]> = [
      ['/v2/users/verify-code/send', { accountType: 'fax', account: 'a@b.co', purpose: 'register' }],
      ['/v2/users/register', { accountType: 'email', account: 'a@b.co', password: 'Valid1234', code: 123456 }],
      ['/v2/users/membership/user-perfenerce/update', { pricingCurrency: 'usd' }],
      ['/v2/users/membership/user-perfenerce/update', { userLanguage: 'xx_XX' }],
      ['/v2/users/membership/user-perfenerce/update', { preferencesSettingInfo: { scientificNotation: 'yes' } }],
      ['/asset/v1/api/wallet/account', { walletTypeList: ['3'] }],
      ['/asset/v1/api/wallet/account', { walletTypeList: [1.5] }],
      ['/asset/v1/api/wallet/account', { walletTypeList: Array.from({ length: 11 }, () => 3) }],
      [
        '/v2/affiliate/applications',
        { name: 'A', contact: { type: 'email', value: 'a' }, channels: [], region: 'EU', message: '' },
      ],
    ]
    for (const [path, body] of bad)
      await expectRefused(await h.api('POST', path, { body, token }), 400, 'invalid-input')
  })

  it('refuses control characters, lone surrogates and non-http links in application text', async () => {
    const base = {
      name: 'Valid Name',
      contact: { type: 'email', value: 'kol@example.com' },
      channels: [{ platform: 'blog', url: 'https://blog.example.com', audience: 10 }],
      region: 'Europe',
      message: '',
    }
    for (const body of [
      { ...base, name: 'Null\u0000byte' },
      { ...base, region: 'Bell\u0007' },
      { ...base, name: 'Lone \ud800 surrogate' },
      { ...base, message: 'Escape \u001b[31m' },
      { ...base, channels: [{ ...base.channels[0], url: 'javascript:alert(1)' }] },
      { ...base, channels: [{ ...base.channels[0], url: 'data:text/html,hi' }] },
      { ...base, channels: [{ ...base.channels[0], audience: -1 }] },
      { ...base, channels: [{ ...base.channels[0], audience: 1_000_000_001 }] },
    ]) {
      await expectRefused(await h.api('POST', '/v2/affiliate/applications', { body, token }), 400, 'invalid-input')
    }
  })

  it('refuses bad analytics queries', async () => {
    for (const query of [
      'request_source=PC&type=x',
      'event=ok&request_source=APP&type=x',
      `event=${'a'.repeat(51)}&request_source=PC&type=x`,
      "event=a';drop&request_source=PC&type=x",
      `event=ok&request_source=PC&type=x&utm_source=${'u'.repeat(201)}`,
      `event=ok&request_source=PC&type=${'t'.repeat(51)}`,
      'event=ok&request_source=PC&type=',
      'event=ok&request_source=PC&type=x&utm_campaign=a%00b',
    ]) {
      await expectRefused(await h.api('GET', `/open/activity/statistics?${query}`), 400, 'invalid-input')
    }
  })
})

/** The parts of the OpenAPI document this test reads: each operation's parameters. */
const documentSchema = z.object({
  paths: z.record(
    z.string(),
    z.record(z.string(), z.object({ parameters: z.array(z.object({ name: z.string(), in: z.string() })).optional() })),
  ),
})

/** Control characters, URL-encoded: NUL is what PostgreSQL refuses in text. */
const CONTROL_PARAMETERS = ['%00', 'a%00b', '%1B%5B31m', '%07', '%C2%85', '%0A']

describe('control characters in queries', () => {
  it('are refused with 400 and a reason in every parameter of every documented call, never a 500', async () => {
    const { paths } = documentSchema.parse((await h.api('GET', '/openapi.json')).body)
    const concrete = (path: string) =>
      path.replace(
        /\{(\w+)\}/g,
        (_match, name: string) =>
          ({ chain: 'ethereum', address: '0x6d964291225f605ace427b0be40163abc612f65d' })[name] ?? '10000001',
      )
    let checked = 0
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'query')) {
          for (const value of CONTROL_PARAMETERS) {
            const result = await h.api(method.toUpperCase(), `${concrete(path)}?${parameter.name}=${value}`, {
              token,
              ...(method !== 'get' && method !== 'delete' && { body: {} }),
            })
            expect(
              result.status,
              `${method} ${path} ${parameter.name}=${value}: ${result.text}`,
            ).toBeGreaterThanOrEqual(400)
            expect(result.status, `${method} ${path} ${parameter.name}=${value}: ${result.text}`).toBeLessThan(500)
            expect(apiErrorSchema.safeParse(result.body).success).toBe(true)
            checked += 1
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50)
    expect(h.logs.errors).toEqual([])
  })

  it('the leader search answers 400 invalid-input naming q', async () => {
    for (const q of ['%00', 'Delta%00Dan', '%1B']) {
      const result = await h.api('GET', `/copy/v1/leaders?q=${q}`)
      await expectRefused(result, 400, 'invalid-input')
      expect(apiErrorSchema.parse(result.body).data).toEqual({ fields: [{ path: 'q', issue: 'invalid_format' }] })
    }
    expect((await h.api('GET', '/copy/v1/leaders?q=delta')).status).toBe(200)
  })

  it('the development analytics filters answer 400, not a failed query', async () => {
    for (const query of ['distinctId=%00', 'userId=a%00', 'event=%1B']) {
      await expectRefused(await h.api('GET', `/dev/analytics.json?${query}`), 400, 'invalid-input')
    }
    expect((await h.api('GET', '/dev/analytics.json?distinctId=device-1&limit=nope')).status).toBe(200)
    expect(h.logs.errors).toEqual([])
  })

  it('a password with control characters is refused as input, not tried', async () => {
    const result = await h.api('POST', '/v2/users/login', {
      body: { accountType: 'email', account: 'demo@tandem.dev', password: 'Demo\u000012345' },
    })
    await expectRefused(result, 400, 'invalid-input')
    expect(apiErrorSchema.parse(result.body).data).toEqual({ fields: [{ path: 'password', issue: 'invalid_format' }] })
  })
})

const HOSTILE = [
  "Robert'); DROP TABLE users;--",
  "' OR '1'='1",
  '"; DELETE FROM sessions; --',
  '$1 $$ \\ %s %d ${x} {{x}}',
  '<script>alert("x")</script>',
  '中文 العربية Русский 😀👨‍👩‍👧 é',
]

describe('hostile text is stored verbatim and changes nothing else', () => {
  it('in every field of an affiliate application', async () => {
    const me = sessionResponseSchema.parse((await h.login('demo@tandem.dev', 'Demo12345')).body).data
    for (const [index, text] of HOSTILE.entries()) {
      const body = {
        name: text,
        contact: { type: 'telegram', value: text },
        channels: [
          { platform: 'other', url: `https://example.com/${encodeURIComponent(text)}?q=${index}`, audience: index },
        ],
        region: text,
        message: `${text}\nsecond line`,
      }
      const before = await tableCounts()
      const result = await h.api('POST', '/v2/affiliate/applications', { body, token: me.token })
      expect(result.status, result.text).toBe(200)
      const stored = affiliateApplicationResponseSchema.parse(result.body).data
      expect(stored).toMatchObject({
        name: text,
        contact: { value: text },
        region: text,
        message: body.message,
        channels: body.channels,
      })
      const [row] = await h.context.db
        .select()
        .from(affiliateApplications)
        .where(eq(affiliateApplications.id, stored.id))
      expect(row).toMatchObject({ name: text, contactValue: text, region: text, message: body.message })
      expect(await tableCounts()).toEqual({ ...before, affiliateApplications: (before.affiliateApplications ?? 0) + 1 })
      // Close it so the next one may be submitted.
      await h.context.db
        .update(affiliateApplications)
        .set({ status: 'rejected' })
        .where(eq(affiliateApplications.id, stored.id))
    }
  })

  it('in analytics parameters', async () => {
    for (const text of HOSTILE) {
      const query = new URLSearchParams({
        event: 'hostile_test',
        request_source: 'PC',
        type: text,
        utm_source: text,
        utm_content: text,
      })
      expect((await h.api('GET', `/open/activity/statistics?${query}`)).status).toBe(200)
      const [row] = await h.context.db
        .select()
        .from(analyticsEventCounts)
        .where(and(eq(analyticsEventCounts.event, 'hostile_test'), eq(analyticsEventCounts.type, text)))
      expect(row).toMatchObject({ type: text, utmSource: text, utmContent: text, utmMedium: null, count: 1 })
    }
  })

  it('as a password, which then logs in', async () => {
    const password = `${HOSTILE[0] ?? ''}9`
    const user = await registerWithoutInbox(password)
    expect((await h.login(user, password)).status).toBe(200)
    expect((await h.login(user, "' OR '1'='1")).status).toBe(400)
  })
})

/** This file's mailer keeps no inbox, so the code is read back from what the mailer received. */
async function registerWithoutInbox(password: string): Promise<string> {
  const account = `${unique('hostile')}@example.com`
  const codes: string[] = []
  const original = h.context.mailer
  h.context.mailer = { send: (_to, message) => Promise.resolve(void codes.push(message.code)) }
  await h.api('POST', '/v2/users/verify-code/send', { body: { accountType: 'email', account, purpose: 'register' } })
  h.context.mailer = original
  const result = await h.api('POST', '/v2/users/register', {
    body: { accountType: 'email', account, password, code: codes[0] },
  })
  expect(result.status, result.text).toBe(200)
  return account
}

describe('unexpected failures', () => {
  it('answer 500 internal, are logged, and the exchange keeps serving', async () => {
    const result = await h.api('POST', '/v2/users/verify-code/send', {
      body: { accountType: 'email', account: 'explode@example.com', purpose: 'register' },
    })
    expect(result.status).toBe(500)
    expect(result.body).toEqual({ code: 500, data: null, msg: 'Internal error', reason: 'internal' })
    expect(result.text).not.toContain('smtp down')
    expect(
      JSON.stringify(h.logs.errors, (_key, value: unknown) => (value instanceof Error ? value.message : value)),
    ).toContain('smtp down')
    expect((await h.login('trader@tandem.dev', 'Trader12345')).status).toBe(200)
  })
})

describe('over HTTP through srvx (its own Request class)', () => {
  it('reads bodies, enforces the limit on declared and chunked bodies, and keeps serving', async () => {
    const server = serve({
      port: 0,
      hostname: '127.0.0.1',
      silent: true,
      gracefulShutdown: false,
      fetch: (request) => h.exchange.fetch(request),
    })
    await server.ready()
    const base = (server.url ?? '').replace(/\/$/, '')
    try {
      const post = (body: BodyInit, extra: Record<string, string> = {}) =>
        fetch(`${base}/v2/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': h.nextIp(), ...extra },
          body,
          ...(body instanceof ReadableStream && { duplex: 'half' }),
        })
      const login = await post(
        JSON.stringify({ accountType: 'email', account: 'demo@tandem.dev', password: 'Demo12345' }),
      )
      expect(login.status).toBe(200)
      sessionResponseSchema.parse(await login.json())
      const big = 'x'.repeat(API_LIMITS.maxBodyBytes + 1)
      const declared = await post(big)
      expect(declared.status).toBe(413)
      expect(apiErrorSchema.parse(await declared.json()).reason).toBe('payload-too-large')
      const chunks = new TextEncoder().encode(big)
      const chunked = await post(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let offset = 0; offset < chunks.length; offset += 8192)
              controller.enqueue(chunks.slice(offset, offset + 8192))
            controller.close()
          },
        }),
      )
      expect(chunked.status).toBe(413)
      const malformed = await post('{"accountType":')
      expect(apiErrorSchema.parse(await malformed.json()).reason).toBe('malformed-json')
      expect((await fetch(`${base}/open/global/config`)).status).toBe(200)
    } finally {
      await server.close(true)
    }
  })
})
