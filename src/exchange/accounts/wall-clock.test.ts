/**
 * Codes, sessions and websocket tickets keep wall-clock time when the market's engine clock runs faster (the e2e
 * server and demos run it at 30×): a code is good for its ten real minutes and a ticket for its real minute, however
 * many market hours pass meanwhile.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ACCOUNTS, WEBSOCKET } from '#/app.config.ts'
import { wsTicketResponseSchema } from '#/contract/index.ts'
import { redeemTicket } from '../realtime/tickets.ts'
import { startHarness, unique, type Harness } from '#tests/fixtures/exchange/harness.ts'

let h: Harness
let wall = Date.now()
beforeAll(async () => {
  h = await startHarness({ wallNow: () => new Date(wall) })
})
afterAll(() => h.close())

it('a code sent, then a market day later, still registers; the session and a ticket live on real time', async () => {
  const account = `${unique('Wall')}@example.com`
  const sent = await h.api('POST', '/v2/users/verify-code/send', {
    body: { accountType: 'email', account, purpose: 'register' },
    headers: { 'x-forwarded-for': h.nextIp() },
  })
  expect(sent.status, sent.text).toBe(200)
  const code = await h.latestCode(account)
  // A market day passes in a few real seconds.
  h.advance(24 * 3600_000)
  wall += 5_000
  const registered = await h.api('POST', '/v2/users/register', {
    body: { accountType: 'email', account, password: 'Wall12345', code },
  })
  expect(registered.status, registered.text).toBe(200)
  const { token } = (registered.body as { data: { token: string } }).data

  h.advance(ACCOUNTS.sessionTtlSeconds * 1000 + 1)
  const ticketAnswer = await h.api('POST', '/v2/users/ws-ticket', { token })
  expect(ticketAnswer.status, ticketAnswer.text).toBe(200)
  const { ticket } = wsTicketResponseSchema.parse(ticketAnswer.body).data
  h.advance(WEBSOCKET.ticketTtlMs * 10)
  wall += WEBSOCKET.ticketTtlMs / 2
  expect(await redeemTicket(h.context.db, ticket, h.context.wallNow())).toBeDefined()
})

it('a code is refused once its real minutes have passed, however little market time went by', async () => {
  const account = `${unique('Late')}@example.com`
  await h.api('POST', '/v2/users/verify-code/send', {
    body: { accountType: 'email', account, purpose: 'register' },
    headers: { 'x-forwarded-for': h.nextIp() },
  })
  const code = await h.latestCode(account)
  wall += ACCOUNTS.verificationCodeTtlSeconds * 1000 + 1
  const late = await h.api('POST', '/v2/users/register', {
    body: { accountType: 'email', account, password: 'Late12345', code },
  })
  expect(late.status).toBe(400)
  expect((late.body as { reason: string }).reason).toBe('code-expired')
})
