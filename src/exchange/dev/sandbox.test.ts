/**
 * A sandbox in production (SANDBOX on, NODE_ENV production, the default of `npm start`): a newcomer
 * reads their code in the inbox, one address at a time; the log says a code went out, never which.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionResponseSchema } from '#/contract/index.ts'
import { startHarness, unique, type Harness } from '#tests/fixtures/exchange/harness.ts'

const lines: string[] = []
const logger = {
  log: (...args: unknown[]) => void lines.push(args.join(' ')),
  error: (...args: unknown[]) => void lines.push(args.join(' ')),
}
let h: Harness
beforeAll(async () => {
  h = await startHarness({ devPages: false, sandbox: true, logger })
})
afterAll(() => h.close())

async function askCode(account: string) {
  const sent = await h.api('POST', '/v2/users/verify-code/send', {
    body: { accountType: 'email', account, purpose: 'register' },
    headers: { 'x-forwarded-for': h.nextIp() },
  })
  expect(sent.status, sent.text).toBe(200)
}

describe('sandbox inbox in production', () => {
  it('shows the code on the inbox page for the address asked; the log does not contain it; the code registers', async () => {
    const account = `${unique('newcomer')}@example.com`
    await askCode(account)
    const page = await h.api('GET', `/dev/inbox?address=${encodeURIComponent(account.toUpperCase())}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'")
    const code = /<code>(\d{6})<\/code>/.exec(page.text)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    expect(page.text).toContain(`<td><code>${code}</code></td><td class="address">${account}</td><td>register</td>`)
    expect(await h.latestCode(account)).toBe(code)

    expect(lines.join('\n')).not.toContain(String(code))
    expect(lines.join('\n')).not.toContain(account)
    expect(lines.some((line) => line.includes('register code sent to email') && line.includes('***'))).toBe(true)

    const registered = await h.api('POST', '/v2/users/register', {
      body: { accountType: 'email', account, password: 'Passw0rd!', code },
    })
    expect(registered.status, registered.text).toBe(200)
    expect(sessionResponseSchema.parse(registered.body).data.token).not.toBe('')
  })

  it("lists no one's codes without an address: a public sandbox does not show who registers", async () => {
    const account = `${unique('private')}@example.com`
    await askCode(account)
    const page = await h.api('GET', '/dev/inbox')
    expect(page.status).toBe(200)
    expect(page.text).toContain('<form method="get"')
    expect(page.text).not.toContain(account)
    expect(page.text).not.toMatch(/<code>\d{6}<\/code>/)
    const json = await h.api('GET', '/dev/inbox.json')
    expect(json.status).toBe(400)
    expect(json.body).toMatchObject({
      reason: 'invalid-input',
      data: { fields: [{ path: 'address', issue: 'required' }] },
    })
    const other = await h.api('GET', `/dev/inbox?address=${encodeURIComponent('someone-else@example.com')}`)
    expect(other.text).not.toContain(account)
    expect(other.text).toContain('No code was sent to this address yet')
  })

  it('escapes the address it echoes', async () => {
    const page = await h.api('GET', `/dev/inbox?address=${encodeURIComponent('"><script>alert(1)</script>')}`)
    expect(page.text).not.toContain('<script>alert(1)')
    expect(page.text).toContain('&quot;&gt;&lt;script&gt;')
  })
})
