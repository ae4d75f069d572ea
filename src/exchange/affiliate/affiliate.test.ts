/** KOL applications: submit, one open at a time, latest shown back. */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  affiliateApplicationResponseSchema,
  apiErrorSchema,
  myAffiliateApplicationResponseSchema,
} from '#/contract/index.ts'
import { affiliateApplications } from '../db/schema.ts'
import { startHarness, type Harness, type TestUser } from '#tests/fixtures/exchange/harness.ts'

let h: Harness
let user: TestUser
beforeAll(async () => {
  h = await startHarness()
  user = await h.registerUser()
})
afterAll(() => h.close())

const application = {
  name: 'María José',
  contact: { type: 'whatsapp', value: '+34 600 000 000' },
  channels: [
    { platform: 'youtube', url: 'https://www.youtube.com/@maria', audience: 250000 },
    { platform: 'x', url: 'http://x.com/maria', audience: 0 },
  ],
  region: 'España',
  message: 'Hola.\nI review copy-trading strategies weekly.',
}

const mine = async (token: string) =>
  myAffiliateApplicationResponseSchema.parse((await h.api('GET', '/v2/affiliate/applications/me', { token })).body).data
const submit = (token: string, body: unknown = application) =>
  h.api('POST', '/v2/affiliate/applications', { token, body })

describe('affiliate applications', () => {
  it('is null before the first application', async () => {
    expect(await mine(user.token)).toBeNull()
  })

  it('stores a submitted application and shows it back', async () => {
    const result = await submit(user.token)
    expect(result.status, result.text).toBe(200)
    const stored = affiliateApplicationResponseSchema.parse(result.body).data
    expect(stored).toMatchObject({ ...application, status: 'submitted' })
    expect(stored.createdAt).toBe(h.context.now().toISOString())
    expect(await mine(user.token)).toEqual(stored)
  })

  it('refuses a second one while the first is open (submitted or under review)', async () => {
    const again = await submit(user.token)
    expect(again.status).toBe(409)
    expect(apiErrorSchema.parse(again.body).reason).toBe('forbidden')
    await h.context.db.update(affiliateApplications).set({ status: 'under_review' })
    expect((await submit(user.token)).status).toBe(409)
  })

  it('allows a new one once the first is decided, and shows the latest', async () => {
    await h.context.db.update(affiliateApplications).set({ status: 'rejected' })
    h.advance(1000)
    const second = affiliateApplicationResponseSchema.parse(
      (await submit(user.token, { ...application, region: 'Portugal' })).body,
    ).data
    expect((await mine(user.token))?.id).toBe(second.id)
    expect((await mine(user.token))?.region).toBe('Portugal')
  })

  it('two racing submissions store one', async () => {
    const other = await h.registerUser()
    const results = await Promise.all([submit(other.token), submit(other.token), submit(other.token)])
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409])
    const rows = await h.context.db
      .select()
      .from(affiliateApplications)
      .where(eq(affiliateApplications.userId, Number(other.userId)))
    expect(rows).toHaveLength(1)
  })

  it('each user sees only their own', async () => {
    const stranger = await h.registerUser()
    expect(await mine(stranger.token)).toBeNull()
  })
})
