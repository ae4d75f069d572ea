/**
 * Where a verification code may appear: the mail itself always; the inbox in development or a sandbox; a log line only
 * in development.
 */
import { describe, expect, it } from 'vitest'
import { codeDelivery, NoMailerError, type Mailer } from './mailer.ts'

const CODE = '061173'
const message = {
  subject: 'Your code',
  text: `Your verification code is ${CODE}.`,
  code: CODE,
  purpose: 'register' as const,
}
const now = () => new Date('2026-11-24T12:00:00Z')

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

describe('code delivery', () => {
  it('a sandbox in production: the code in the inbox; the log says it was sent, to a masked address, without the code', async () => {
    const { lines, logger } = capture()
    const delivery = codeDelivery(undefined, { devPages: false, sandbox: true }, logger, now)
    await delivery.mailer.send({ type: 'mobile', address: '13800138000' }, message)
    await delivery.mailer.send({ type: 'email', address: 'dan.delta@tandem.dev' }, message)
    expect(delivery.inbox?.messages('dan.delta@tandem.dev')).toEqual([
      { address: 'dan.delta@tandem.dev', code: CODE, purpose: 'register', sentAt: now().toISOString() },
    ])
    expect(delivery.inbox?.messages()).toHaveLength(2)
    expect(lines).toHaveLength(2)
    expect(lines.join('\n')).not.toContain(CODE)
    expect(lines.join('\n')).not.toContain('13800138000')
    expect(lines.join('\n')).not.toContain('dan.delta@')
    expect(lines[0]).toContain('138****8000')
    expect(lines[1]).toContain('d***a@tandem.dev')
  })

  it('outside production: the development inbox keeps the code, sandbox or not', async () => {
    for (const sandbox of [true, false]) {
      const { logger } = capture()
      const delivery = codeDelivery(undefined, { devPages: true, sandbox }, logger, now)
      await delivery.mailer.send({ type: 'email', address: 'a@b.co' }, message)
      expect(delivery.inbox?.messages('a@b.co')).toEqual([
        { address: 'a@b.co', code: CODE, purpose: 'register', sentAt: now().toISOString() },
      ])
    }
  })

  it('a configured mailer gets the code, and nothing else keeps it', async () => {
    const sent: string[] = []
    const custom: Mailer = { send: (_to, m) => Promise.resolve(void sent.push(m.code)) }
    const { lines, logger } = capture()
    for (const devPages of [true, false]) {
      for (const sandbox of [true, false]) {
        const delivery = codeDelivery(custom, { devPages, sandbox }, logger, now)
        await delivery.mailer.send({ type: 'email', address: 'a@b.co' }, message)
        expect(delivery.inbox).toBeUndefined()
      }
    }
    expect(sent).toEqual([CODE, CODE, CODE, CODE])
    expect(lines).toEqual([])
  })

  it('a real deployment in production with no mailer has nowhere to send a code: it does not start', () => {
    const { logger } = capture()
    expect(() => codeDelivery(undefined, { devPages: false, sandbox: false }, logger, now)).toThrow(NoMailerError)
  })
})
