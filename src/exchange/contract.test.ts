/**
 * Contract tests: every endpoint's answers checked against the served OpenAPI document and against
 * the src/contract schemas the web app imports: status, envelope, field names and types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z, type ZodType } from 'zod'
import {
  affiliateApplicationResponseSchema,
  anniversaryResponseSchema,
  apiErrorSchema,
  emptyOkSchema,
  fiatRatesResponseSchema,
  globalConfigResponseSchema,
  langMenuResponseSchema,
  myAffiliateApplicationResponseSchema,
  preferencesResponseSchema,
  securityConfigResponseSchema,
  sendCodeResponseSchema,
  sessionResponseSchema,
  topsInfoResponseSchema,
  updatePreferencesResponseSchema,
  walletAccountResponseSchema,
  wsTicketResponseSchema,
  verificationChallengeResponseSchema,
} from '../contract/index.ts'
import { createApp, loggable } from './http/app.ts'
import { startHarness, unique, type ApiResult, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { openApiCheck, type OpenApiCheck } from '#tests/fixtures/exchange/openapi-check.ts'

let h: Harness
let doc: OpenApiCheck
let token: string
const exercised = new Set<string>()
/** Paths whose operations are checked against the document, every one, by their own test files. */
const OWN_CONTRACT_FILES = [
  '/market/',
  '/copy/',
  '/open/analytics/',
  '/asset/v1/api/wallet/history',
  '/asset/v1/api/wallet/transfer',
  '/trade/',
  // Account security: accounts/security.test.ts checks each answer against the document.
  '/v2/users/password/reset',
  '/v2/users/login/two-factor',
  '/v2/users/security/two-factor',
  '/v2/users/sessions',
]

beforeAll(async () => {
  h = await startHarness()
  doc = openApiCheck((await h.api('GET', '/openapi.json')).body)
  token = (await h.registerUser()).token
})
afterAll(() => h.close())

/** Asserts the status, the contract schema and the document's schema for that status. */
function check(result: ApiResult, method: string, path: string, status: number, schema: ZodType) {
  expect(result.status, result.text).toBe(status)
  expect(result.headers.get('content-type')).toMatch(/^application\/json/)
  schema.parse(result.body)
  doc.assertResponse(path.split('?')[0] ?? path, method, status, result.body)
  exercised.add(`${method} ${path.split('?')[0] ?? path}`)
}

const application = {
  name: 'Alice Chen',
  contact: { type: 'telegram', value: '@alice' },
  channels: [{ platform: 'youtube', url: 'https://youtube.com/@alice', audience: 120000 }],
  region: 'Singapore',
  message: 'Weekly copy-trading reviews.',
}

interface Case {
  method: 'get' | 'post'
  path: string
  body?: unknown
  auth: boolean
  schema: ZodType
  /** A body the schema must refuse (400 'invalid-input'). */
  invalid?: unknown
}

const cases: Case[] = [
  { method: 'get', path: '/v2/users/security/config', auth: true, schema: securityConfigResponseSchema },
  {
    method: 'post',
    path: '/open/seckill/user/tops-info',
    body: {},
    auth: true,
    schema: topsInfoResponseSchema,
    invalid: [],
  },
  { method: 'get', path: '/open/lang/menu/show', auth: false, schema: langMenuResponseSchema },
  { method: 'get', path: '/v2/users/membership/user-perfenerce/get', auth: true, schema: preferencesResponseSchema },
  {
    method: 'post',
    path: '/v2/users/membership/user-perfenerce/update',
    body: { userLanguage: 'ja_JP', deviceType: 'web' },
    auth: true,
    schema: updatePreferencesResponseSchema,
    invalid: {},
  },
  {
    method: 'post',
    path: '/asset/v1/api/wallet/account',
    body: { walletTypeList: [3] },
    auth: true,
    schema: walletAccountResponseSchema,
    invalid: { walletTypeList: [] },
  },
  { method: 'get', path: '/afs/activity/v1/paging/anniversary/index', auth: false, schema: anniversaryResponseSchema },
  {
    method: 'get',
    path: '/open/activity/statistics?event=page_view&request_source=H5&type=home',
    auth: false,
    schema: emptyOkSchema,
  },
  { method: 'get', path: '/open/global/config', auth: false, schema: globalConfigResponseSchema },
  { method: 'get', path: '/open/fiat/rates', auth: false, schema: fiatRatesResponseSchema },
  { method: 'post', path: '/v2/users/ws-ticket', auth: true, schema: wsTicketResponseSchema },
  { method: 'get', path: '/v2/affiliate/applications/me', auth: true, schema: myAffiliateApplicationResponseSchema },
  {
    method: 'post',
    path: '/v2/affiliate/applications',
    body: application,
    auth: true,
    schema: affiliateApplicationResponseSchema,
    invalid: { ...application, channels: [] },
  },
]

describe('every call of §7 and the affiliate programme', () => {
  for (const c of cases) {
    it(`${c.method.toUpperCase()} ${c.path}`, async () => {
      const result = await h.api(c.method.toUpperCase(), c.path, { body: c.body, token: c.auth ? token : undefined })
      check(result, c.method, c.path, 200, c.schema)
      if (c.auth) {
        const anonymous = await h.api(c.method.toUpperCase(), c.path, { body: c.body })
        check(anonymous, c.method, c.path, 401, apiErrorSchema)
        expect(anonymous.body).toEqual({ code: 401, data: null, msg: 'Unauthorized', reason: 'unauthorized' })
      }
      if (c.invalid !== undefined) {
        const refused = await h.api(c.method.toUpperCase(), c.path, { body: c.invalid, token })
        check(refused, c.method, c.path, 400, apiErrorSchema)
        expect(apiErrorSchema.parse(refused.body).reason).toBe('invalid-input')
      }
    })
  }

  it('GET /open/activity/statistics refuses a bad event name', async () => {
    const path = '/open/activity/statistics?event=1bad&request_source=PC&type=home'
    check(await h.api('GET', path), 'get', path, 400, apiErrorSchema)
  })
})

describe('accounts', () => {
  const account = `${unique('contract')}@example.com`

  it('POST /v2/users/password/update', async () => {
    const path = '/v2/users/password/update'
    const sub = sessionResponseSchema.parse((await h.login('sub@tandem.dev', 'Sub12345')).body).data.token
    const body = { password: 'Sub12345', newPassword: 'Another123' }
    check(await h.api('POST', path, { token: sub, body }), 'post', path, 403, apiErrorSchema)
    const demo = sessionResponseSchema.parse((await h.login('demo@tandem.dev', 'Demo12345')).body).data.token
    check(
      await h.api('POST', path, { token: demo, body: { ...body, password: 'Wrong1234' } }),
      'post',
      path,
      400,
      apiErrorSchema,
    )
    const changed = { password: 'Demo12345', newPassword: 'Demo123456' }
    check(await h.api('POST', path, { token: demo, body: changed }), 'post', path, 200, emptyOkSchema)
    check(await h.api('POST', path, { body: changed }), 'post', path, 401, apiErrorSchema)
  })

  it('GET /v2/users/verification/challenge', async () => {
    const path = '/v2/users/verification/challenge'
    check(await h.api('GET', path), 'get', path, 200, verificationChallengeResponseSchema)
  })

  it('POST /v2/users/verify-code/send', async () => {
    const body = { accountType: 'email', account, purpose: 'register' }
    const result = await h.api('POST', '/v2/users/verify-code/send', { body })
    check(result, 'post', '/v2/users/verify-code/send', 200, sendCodeResponseSchema)
    expect(result.text).not.toContain(await h.latestCode(account))
    const again = await h.api('POST', '/v2/users/verify-code/send', { body })
    check(again, 'post', '/v2/users/verify-code/send', 429, apiErrorSchema)
    check(
      await h.api('POST', '/v2/users/verify-code/send', { body: { ...body, purpose: 'reset' } }),
      'post',
      '/v2/users/verify-code/send',
      400,
      apiErrorSchema,
    )
  })

  it('POST /v2/users/register', async () => {
    const code = await h.latestCode(account)
    const body = { accountType: 'email', account, password: 'Contract123', code }
    check(await h.api('POST', '/v2/users/register', { body }), 'post', '/v2/users/register', 200, sessionResponseSchema)
    check(await h.api('POST', '/v2/users/register', { body }), 'post', '/v2/users/register', 400, apiErrorSchema)
    check(
      await h.api('POST', '/v2/users/register', { body: { ...body, password: 'short' } }),
      'post',
      '/v2/users/register',
      400,
      apiErrorSchema,
    )
  })

  it('POST /v2/users/login and /v2/users/logout', async () => {
    check(await h.login(account, 'Contract123'), 'post', '/v2/users/login', 200, sessionResponseSchema)
    check(await h.login(account, 'Wrong123'), 'post', '/v2/users/login', 400, apiErrorSchema)
    const session = sessionResponseSchema.parse((await h.login(account, 'Contract123')).body).data
    check(
      await h.api('POST', '/v2/users/logout', { token: session.token }),
      'post',
      '/v2/users/logout',
      200,
      emptyOkSchema,
    )
    check(
      await h.api('POST', '/v2/users/logout', { token: session.token }),
      'post',
      '/v2/users/logout',
      401,
      apiErrorSchema,
    )
  })
})

describe('the document and the reference page', () => {
  it('runs on PostgreSQL when DATABASE_URL is set, else on PGlite', () => {
    expect(h.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite')
  })

  it('is OpenAPI 3.1 and every documented operation was exercised above (market and copy trading in their own files)', () => {
    const documented = doc.operations
      .filter((op) => !OWN_CONTRACT_FILES.some((prefix) => op.path.startsWith(prefix)))
      .map((op) => `${op.method} ${op.path}`)
      .sort()
    expect(documented).toEqual([...exercised].sort())
    for (const op of doc.operations) expect(op.statuses).toContain('200')
  })

  it('the document check refuses a wrong type and an undocumented field', () => {
    const data = { Hbt_Switch: 'true', futuresMenu: 'true', p2pMenu: 'true' }
    doc.assertResponse('/open/global/config', 'get', 200, { code: 0, data, msg: 'ok' })
    expect(() =>
      doc.assertResponse('/open/global/config', 'get', 200, { code: 0, data: { ...data, p2pMenu: true }, msg: 'ok' }),
    ).toThrow()
    expect(() =>
      doc.assertResponse('/open/global/config', 'get', 200, { code: 0, data: { ...data, extra: 'x' }, msg: 'ok' }),
    ).toThrow()
    expect(() => doc.assertResponse('/open/global/config', 'get', 200, { code: '0', data, msg: 'ok' })).toThrow()
  })

  it('serves a self-contained HTML reference listing every operation', async () => {
    const page = await h.api('GET', '/reference')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(page.text).not.toMatch(/<script|<link|<iframe|\ssrc=/i)
    for (const op of doc.operations) expect(page.text).toContain(`<code>${op.path}</code>`)
    expect(page.text).toContain('RegisterRequest')
  })

  it('answers unknown paths with the 404 envelope', async () => {
    const result = await h.api('GET', '/v2/nope')
    expect(result.status).toBe(404)
    expect(apiErrorSchema.parse(result.body)).toEqual({ code: 404, data: null, msg: 'Not found', reason: 'not-found' })
  })
})

describe('development inbox', () => {
  it('lists the latest codes as an escaped page and as JSON, newest first', async () => {
    const account = `${unique('inbox')}@example.com`
    // Codes are stamped on the wall clock.
    const before = h.context.wallNow().getTime()
    await h.api('POST', '/v2/users/verify-code/send', { body: { accountType: 'email', account, purpose: 'register' } })
    const after = h.context.wallNow().getTime()
    const code = await h.latestCode(account)
    const page = await h.api('GET', '/dev/inbox')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.text).toContain(`<td><code>${code}</code></td><td class="address">${account}</td><td>register</td>`)
    const json = await h.api('GET', `/dev/inbox.json?address=${encodeURIComponent(account.toUpperCase())}`)
    const message = z.object({ address: z.string(), code: z.string(), purpose: z.string(), sentAt: z.string() })
    const { messages } = z.strictObject({ messages: z.array(message.strict()) }).parse(json.body)
    expect(messages.map((m) => [m.address, m.code, m.purpose])).toEqual([[account, code, 'register']])
    const sentAt = Date.parse(messages[0]?.sentAt ?? '')
    expect(sentAt).toBeGreaterThanOrEqual(before)
    expect(sentAt).toBeLessThanOrEqual(after)
  })

  it('does not exist when codes are not kept in memory (mailed)', async () => {
    const app = createApp({ ...h.context, inbox: undefined })
    for (const path of ['/dev/inbox', '/dev/inbox.json?address=a@b.co']) {
      const result = await app.request(path)
      expect(result.status).toBe(404)
      expect(await result.json()).toEqual({ code: 404, data: null, msg: 'Not found', reason: 'not-found' })
    }
  })
})

describe('error logging', () => {
  it('cuts query parameters out of logged database errors', () => {
    const cause = new Error('duplicate key')
    const logged = loggable(
      new Error('Failed query: insert into "users" values ($1)\nparams: secret@example.com,$argon2id$', { cause }),
    )
    expect(logged).toBeInstanceOf(Error)
    expect(String(logged)).not.toContain('secret@example.com')
    expect(logged instanceof Error && logged.cause).toBe(cause)
  })
})
