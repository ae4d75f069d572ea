/** Public calls: global config flags, the anniversary campaign and the analytics receiver. */
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anniversaryResponseSchema, globalConfigResponseSchema } from '../../contract/index.ts'
import { analyticsEvents, campaigns, globalConfig } from '../db/schema.ts'
import { DEMO_CAMPAIGN } from '../seed.ts'
import { startHarness, type Harness } from '../testing/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

const globalFlags = async () => globalConfigResponseSchema.parse((await h.api('GET', '/open/global/config')).body).data

describe('global config', () => {
  it('is all true when seeded', async () => {
    expect(await globalFlags()).toEqual({ Hbt_Switch: 'true', futuresMenu: 'true', p2pMenu: 'true' })
  })

  it('follows the table, and reads anything but true/false as the default', async () => {
    await h.context.db.update(globalConfig).set({ value: 'false' }).where(eq(globalConfig.key, 'Hbt_Switch'))
    await h.context.db.update(globalConfig).set({ value: 'FALSE!' }).where(eq(globalConfig.key, 'p2pMenu'))
    await h.context.db.delete(globalConfig).where(eq(globalConfig.key, 'futuresMenu'))
    expect(await globalFlags()).toEqual({ Hbt_Switch: 'false', futuresMenu: 'true', p2pMenu: 'true' })
  })
})

describe('anniversary campaign', () => {
  it("answers the stored campaign with the string code '0'", async () => {
    const result = await h.api('GET', '/afs/activity/v1/paging/anniversary/index')
    const body = anniversaryResponseSchema.parse(result.body)
    expect(body.code).toBe('0')
    expect(body.data).toEqual({
      showSwitch: true,
      activityId: DEMO_CAMPAIGN.id,
      title: DEMO_CAMPAIGN.title,
      subtitle: DEMO_CAMPAIGN.subtitle,
      startTime: DEMO_CAMPAIGN.startTime.toISOString(),
      endTime: DEMO_CAMPAIGN.endTime.toISOString(),
      rewardPoolUsdt: '1000000',
    })
  })

  it('answers showSwitch false when there is no campaign', async () => {
    await h.context.db.delete(campaigns)
    const body = anniversaryResponseSchema.parse((await h.api('GET', '/afs/activity/v1/paging/anniversary/index')).body)
    expect(body.data).toMatchObject({ showSwitch: false, startTime: null, rewardPoolUsdt: '0' })
  })
})

describe('analytics receiver', () => {
  it('stores the event with its utm parameters and answers at once', async () => {
    const query = 'event=copy_click&request_source=H5&type=button&utm_source=x&utm_campaign=spring&unknown=ignored'
    const result = await h.api('GET', `/open/activity/statistics?${query}`)
    expect(result.body).toEqual({ code: 0, data: null, msg: 'ok' })
    const [row] = await h.context.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(1)
    expect(row).toMatchObject({
      event: 'copy_click',
      requestSource: 'H5',
      type: 'button',
      utmSource: 'x',
      utmCampaign: 'spring',
      utmMedium: null,
      utmTerm: null,
      utmContent: null,
    })
  })

  it('needs no session', async () => {
    const result = await h.api('GET', '/open/activity/statistics?event=a&request_source=PC&type=t', { headers: { authorization: 'Bearer nonsense' } })
    expect(result.status).toBe(200)
  })
})
