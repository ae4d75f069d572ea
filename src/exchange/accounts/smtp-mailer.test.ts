/**
 * Codes by mail (SMTP_URL): a real SMTP server (smtp-server) on a loopback port, with a login, takes
 * what the exchange sends; the test registers with the code that arrived. A refused login and a
 * mobile number are refusals the user can read, and the log never carries the code.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionResponseSchema } from '#/contract/index.ts'
import { startHarness, unique, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { createSmtpMailer } from './smtp-mailer.ts'

interface Received {
  from: string
  to: string[]
  user: string
  raw: string
}

const USER = 'mailer'
const PASSWORD = 's3cret pass'
const received: Received[] = []
let server: SMTPServer
let port = 0

function smtpUrl(password = PASSWORD): string {
  return `smtp://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`
}

function capture() {
  const lines: string[] = []
  return {
    lines,
    logger: {
      log: (...args: unknown[]) => void lines.push(args.join(' ')),
      error: (...args: unknown[]) => void lines.push(args.join(' ')),
    },
  }
}

/** The 6-digit code of the latest mail to an address. */
function codeMailedTo(address: string): string {
  const mail = received.findLast((m) => m.to.includes(address))
  const code = mail ? /verification code is (\d{6})/.exec(mail.raw)?.[1] : undefined
  if (!code) throw new Error(`no code mailed to ${address}`)
  return code
}

beforeAll(async () => {
  server = new SMTPServer({
    // Plain SMTP on loopback: the login goes in the clear, which a test server may allow.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
          user: String(session.user),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('SMTP server has no port')
  port = address.port
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('SMTP mailer', () => {
  it('mails the code with the login of SMTP_URL, from MAIL_FROM, to the address; the log names a masked address only', async () => {
    const { lines, logger } = capture()
    const mailer = createSmtpMailer({ url: smtpUrl(), from: 'Tandem <no-reply@tandem.example>', logger })
    await mailer.send(
      { type: 'email', address: 'newcomer@example.com' },
      {
        subject: 'Your Tandem verification code',
        text: 'Your verification code is 480213.',
        code: '480213',
        purpose: 'register',
      },
    )
    const mail = received.at(-1)
    expect(mail).toMatchObject({ from: 'no-reply@tandem.example', to: ['newcomer@example.com'], user: USER })
    expect(mail?.raw).toContain('Subject: Your Tandem verification code')
    expect(codeMailedTo('newcomer@example.com')).toBe('480213')
    expect(lines).toEqual(['[exchange mailer] register code mailed to n***r@example.com'])
  })

  it('a mail server that refuses the login: 503 to the caller, a masked line in the log, never the code', async () => {
    const { lines, logger } = capture()
    const mailer = createSmtpMailer({ url: smtpUrl('wrong'), from: 'no-reply@tandem.example', logger })
    const sending = mailer.send(
      { type: 'email', address: 'newcomer@example.com' },
      { subject: 's', text: 'Your verification code is 111222.', code: '111222', purpose: 'register' },
    )
    await expect(sending).rejects.toMatchObject({ status: 503, reason: 'internal' })
    expect(lines).toEqual(['[exchange mailer] could not mail a register code to n***r@example.com: EAUTH'])
  })

  it('a mobile number cannot be mailed: 400 on the account type', async () => {
    const { logger } = capture()
    const mailer = createSmtpMailer({ url: smtpUrl(), from: 'no-reply@tandem.example', logger })
    const sending = mailer.send(
      { type: 'mobile', address: '13800138000' },
      { subject: 's', text: 't', code: '123456', purpose: 'register' },
    )
    await expect(sending).rejects.toMatchObject({
      status: 400,
      reason: 'invalid-input',
      fields: [{ path: 'accountType', issue: 'email only' }],
    })
  })
})

describe('registering on a real deployment (SANDBOX off, SMTP_URL set)', () => {
  let h: Harness
  const { lines, logger } = capture()
  beforeAll(async () => {
    h = await startHarness({
      devPages: false,
      sandbox: false,
      logger,
      mailer: createSmtpMailer({ url: smtpUrl(), from: 'no-reply@tandem.example', logger }),
    })
  })
  afterAll(() => h.close())

  it('takes the code that arrived by mail; there is no inbox and no faucet', async () => {
    const account = `${unique('mailed')}@example.com`
    const sent = await h.api('POST', '/v2/users/verify-code/send', {
      body: { accountType: 'email', account, purpose: 'register' },
      headers: { 'x-forwarded-for': h.nextIp() },
    })
    expect(sent.status, sent.text).toBe(200)
    const code = codeMailedTo(account)
    const registered = await h.api('POST', '/v2/users/register', {
      body: { accountType: 'email', account, password: 'Passw0rd!', code },
    })
    expect(registered.status, registered.text).toBe(200)
    const { token } = sessionResponseSchema.parse(registered.body).data
    expect((await h.api('GET', `/dev/inbox.json?address=${encodeURIComponent(account)}`)).status).toBe(404)
    expect((await h.api('GET', '/dev/inbox')).status).toBe(404)
    expect((await h.api('POST', '/dev/faucet', { token })).status).toBe(404)
    expect(lines.join('\n')).not.toContain(code)
  })
})
