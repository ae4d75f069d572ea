/**
 * Public calls: global config flags, the anniversary campaign and the statistics receiver (counted, limited, expired).
 */
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS } from '#/app.config.ts'
import { anniversaryResponseSchema, apiErrorSchema, globalConfigResponseSchema } from '#/contract/index.ts'
import { analyticsEventCounts, campaigns, globalConfig } from '../db/schema.ts'
import { DEMO_CAMPAIGN } from '../seed.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { hourOf } from './statistics.ts'

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

  it('sends every flag an operator stored, not only the three the app knows; a row that is not a flag stays out', async () => {
    await h.context.db.insert(globalConfig).values([
      { key: 'gridsNew', value: 'false' },
      { key: 'earnMenu', value: 'true' },
      { key: 'banner_text', value: 'Hello' },
    ])
    expect(await globalFlags()).toEqual({
      Hbt_Switch: 'false',
      futuresMenu: 'true',
      p2pMenu: 'true',
      gridsNew: 'false',
      earnMenu: 'true',
    })
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
  const hit = (query: string, ip = h.nextIp()) =>
    h.api('GET', `/open/activity/statistics?${query}`, { headers: { 'x-forwarded-for': ip } })
  const countersOf = (event: string) =>
    h.context.db
      .select()
      .from(analyticsEventCounts)
      .where(eq(analyticsEventCounts.event, event))
      .orderBy(asc(analyticsEventCounts.hour), asc(analyticsEventCounts.type))

  it('counts the event with its utm parameters and answers at once', async () => {
    const query = 'event=copy_click&request_source=H5&type=button&utm_source=x&utm_campaign=spring&unknown=ignored'
    const result = await hit(query)
    expect(result.body).toEqual({ code: 0, data: null, msg: 'ok' })
    expect(await countersOf('copy_click')).toMatchObject([
      {
        event: 'copy_click',
        requestSource: 'H5',
        type: 'button',
        utmSource: 'x',
        utmCampaign: 'spring',
        utmMedium: null,
        utmTerm: null,
        utmContent: null,
        count: 1,
        hour: hourOf(h.context.now()),
      },
    ])
  })

  it('needs no session', async () => {
    const result = await h.api('GET', '/open/activity/statistics?event=a&request_source=PC&type=t', {
      headers: { authorization: 'Bearer nonsense' },
    })
    expect(result.status).toBe(200)
  })

  it('adds hits to one counter per hour and fields instead of a row each', async () => {
    const same = 'event=count_test&request_source=PC&type=page&utm_source=mail'
    const hits = 200
    // From many addresses at once: concurrent upserts lose no hit.
    const results = await Promise.all(Array.from({ length: hits }, () => hit(same)))
    expect(results.every((result) => result.status === 200)).toBe(true)
    // Another type, an empty utm value (not the same as none) and the next hour are counters of their own.
    await hit('event=count_test&request_source=PC&type=other&utm_source=mail')
    await hit('event=count_test&request_source=PC&type=page&utm_source=mail&utm_term=')
    const thisHour = hourOf(h.context.now())
    h.advance(60 * 60 * 1000)
    await hit(same)
    const counters = await countersOf('count_test')
    expect(counters.map((c) => ({ hour: c.hour, type: c.type, utmTerm: c.utmTerm, count: c.count }))).toEqual([
      { hour: thisHour, type: 'other', utmTerm: null, count: 1 },
      { hour: thisHour, type: 'page', utmTerm: null, count: hits },
      { hour: thisHour, type: 'page', utmTerm: '', count: 1 },
      { hour: hourOf(h.context.now()), type: 'page', utmTerm: null, count: 1 },
    ])
  })

  it('takes a limited number of hits a minute from one address: then 429 with Retry-After', async () => {
    const ip = h.nextIp()
    for (let i = 0; i < ANALYTICS.statisticsPerMinutePerIp; i++)
      expect((await hit('event=limit_test&request_source=PC&type=t', ip)).status).toBe(200)
    const refused = await hit('event=limit_test&request_source=PC&type=t', ip)
    expect(refused.status).toBe(429)
    expect(apiErrorSchema.parse(refused.body).reason).toBe('rate-limited')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect((await countersOf('limit_test'))[0]?.count).toBe(ANALYTICS.statisticsPerMinutePerIp)
    // Another address is not held back.
    expect((await hit('event=limit_test&request_source=PC&type=t')).status).toBe(200)
  })

  it('deletes the hours past the retention window on the next sweep', async () => {
    await hit('event=retention_old&request_source=PC&type=t')
    h.advance(ANALYTICS.statisticsRetentionDays * 24 * 60 * 60 * 1000 - 2 * 60 * 60 * 1000)
    await hit('event=retention_new&request_source=PC&type=t')
    expect(await countersOf('retention_old')).toHaveLength(1)
    h.advance(2 * 60 * 60 * 1000 + ANALYTICS.statisticsSweepIntervalMs)
    await hit('event=retention_now&request_source=PC&type=t')
    expect(await countersOf('retention_old')).toHaveLength(0)
    expect(await countersOf('retention_new')).toHaveLength(1)
    expect(await countersOf('retention_now')).toHaveLength(1)
  })
})
