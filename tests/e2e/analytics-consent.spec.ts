/**
 * The user's analytics choice (§4) and tabs (issue 20, items 5 and 5b), observed at the receiver:
 * batches (fetch and sendBeacon) are intercepted and counted by event id, and the §7 statistics
 * call by its server-function request.
 *
 * The e2e server runs without ANALYTICS_OPT_IN (a server setting that reaches the page through the
 * shell configuration, with no per-page override on purpose), so the banner and the opt-in-required
 * path are covered by src/features/analytics/analytics-consent.test.tsx; here: the opt-out in the
 * preferences panel, its persistence across a reload, window.TandemWeb, and two tabs.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { z } from 'zod'
import { ANALYTICS } from '#/app.config.ts'
import { testAddress, waitForHydration, watchErrors } from './helpers.ts'

const batchSchema = z.object({ events: z.array(z.object({ id: z.string(), event: z.string() })) })

interface Received {
  id: string
  event: string
  page: Page | undefined
}

/** Every event fetched to the receiver, in order; while `down` it answers 503 and records the attempt only. */
async function interceptReceiver(context: BrowserContext) {
  const receiver = { delivered: [] as Received[], attempted: [] as Received[], down: false }
  await context.route(`**${ANALYTICS.receiverPath}`, async (route) => {
    const request = route.request()
    const parsed = batchSchema.safeParse(JSON.parse(request.postData() ?? '{}'))
    const page = request.frame().page()
    const events = parsed.success ? parsed.data.events.map((e) => ({ ...e, page })) : []
    if (receiver.down) {
      receiver.attempted.push(...events)
      await route.fulfill({ status: 503, json: { code: 503 } })
    } else {
      receiver.delivered.push(...events)
      await route.fulfill({ json: { code: 0 } })
    }
  })
  return receiver
}

const BEACON_LOG = 'e2e_beacons'

/**
 * Playwright cannot intercept the beacon of a page being left, so the test's pages note every accepted beacon's body in
 * local storage as it goes (the beacon itself still goes to the exchange's receiver). Test instrumentation only.
 */
async function recordBeacons(context: BrowserContext) {
  await context.addInitScript((key) => {
    const texts = new WeakMap<Blob, string>()
    const NativeBlob = window.Blob
    window.Blob = class extends NativeBlob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options)
        if (parts?.every((part) => typeof part === 'string')) texts.set(this, parts.join(''))
      }
    }
    const send = navigator.sendBeacon.bind(navigator)
    navigator.sendBeacon = (url, data) => {
      const accepted = send(url, data)
      const text = data instanceof Blob ? texts.get(data) : undefined
      // One key per beacon: two tabs leaving at once would each read, append to and write back one shared key, and one
      // tab's record would overwrite the other's (a lost update in the test's log, not in the beacons).
      if (accepted && text !== undefined) localStorage.setItem(`${key}:${crypto.randomUUID()}`, text)
      return accepted
    }
  }, BEACON_LOG)
}

async function beaconed(page: Page): Promise<Received[]> {
  const bodies = await page.evaluate(
    (prefix) =>
      Object.keys(localStorage)
        .filter((name) => name.startsWith(prefix))
        .map((name) => localStorage.getItem(name) ?? '{}'),
    `${BEACON_LOG}:`,
  )
  return bodies.flatMap((body) => batchSchema.parse(JSON.parse(body)).events.map((e) => ({ ...e, page: undefined })))
}

/** The statistics hits of §7 (a server function whose data carries request_source). */
function watchStatistics(page: Page): string[] {
  const hits: string[] = []
  page.on('request', (request) => {
    const body = request.postData() ?? ''
    if (request.url().includes('/_serverFn/') && body.includes('request_source')) hits.push(body)
  })
  return hits
}

function pageApi(page: Page, member: 'analyticsConsent' | 'setAnalyticsConsent', arg?: unknown) {
  return page.evaluate(
    ([name, value]) => {
      const api: unknown = Reflect.get(window, 'TandemWeb')
      const fn: unknown = typeof api === 'object' && api !== null ? Reflect.get(api, name) : undefined
      if (typeof fn !== 'function') throw new Error(`TandemWeb.${String(name)} is missing`)
      try {
        const result: unknown = Reflect.apply(fn, api, value === undefined ? [] : [value])
        return { ok: true, value: result }
      } catch (error) {
        return { ok: false, value: String(error) }
      }
    },
    [member, arg] as const,
  )
}

async function openPreferences(page: Page) {
  await page.getByTestId('preferences').locator('summary').click()
  // Its accessible name is checked in the component test: catalogs are extracted after this change.
  return page.getByTestId('analytics-consent-setting')
}

test.beforeEach(async ({ context }) => context.setExtraHTTPHeaders({ 'x-forwarded-for': testAddress() }))
// A batch may wait for the 6 s interval.
test.describe.configure({ timeout: 90_000 })

test('opting out in the preferences sends nothing, survives a reload, and TandemWeb reads and sets it', async ({
  page,
  context,
}) => {
  const errors = watchErrors(page)
  const receiver = await interceptReceiver(context)
  const statistics = watchStatistics(page)
  await page.goto('/')
  await waitForHydration(page)
  expect(await pageApi(page, 'analyticsConsent')).toEqual({ ok: true, value: null })
  // No opt-in is required here: with no choice made, no banner, and events flow.
  await expect(page.getByTestId('analytics-consent')).toHaveCount(0)
  await page.getByTestId('theme-toggle').click()
  await expect.poll(() => receiver.delivered.map((e) => e.event), { timeout: 20_000 }).toContain('theme_switch')
  expect(statistics.length).toBeGreaterThan(0)

  const setting = await openPreferences(page)
  await expect(setting).toBeChecked()
  await setting.uncheck()
  await expect(setting).not.toBeChecked()
  expect(await pageApi(page, 'analyticsConsent')).toEqual({ ok: true, value: 'out' })
  const [sentBefore, statisticsBefore] = [receiver.delivered.length, statistics.length]

  await page.getByTestId('theme-toggle').click()
  await page.getByRole('link', { name: 'Sign up' }).first().click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByTestId('send-code')).toBeVisible()
  await page.getByRole('link', { name: 'Home' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await page.reload()
  await waitForHydration(page)
  await expect(await openPreferences(page)).not.toBeChecked()
  await page.getByTestId('theme-toggle').click()
  // Past a full interval and two page leaves: nothing went out.
  await page.waitForTimeout(ANALYTICS.intervalMs + 1500)
  expect(receiver.delivered.slice(sentBefore)).toEqual([])
  expect(statistics.length).toBe(statisticsBefore)

  // A native shell opts back in: the setting follows, and events flow again.
  expect(await pageApi(page, 'setAnalyticsConsent', 'in')).toEqual({ ok: true, value: 'in' })
  await expect(await openPreferences(page)).toBeChecked()
  await page.getByTestId('theme-toggle').click()
  await expect
    .poll(() => receiver.delivered.slice(sentBefore).map((e) => e.event), { timeout: 20_000 })
    .toContain('theme_switch')
  expect(await pageApi(page, 'setAnalyticsConsent', 'maybe')).toEqual({
    ok: false,
    value: "TypeError: analytics consent must be 'in' or 'out', got maybe",
  })
  expect(await pageApi(page, 'analyticsConsent')).toEqual({ ok: true, value: 'in' })
  expect(errors).toEqual([])
})

test('two tabs leaving and sending at once: every event reaches the receiver once', async ({ context }) => {
  await recordBeacons(context)
  const receiver = await interceptReceiver(context)
  receiver.down = true
  const tabs = [await context.newPage(), await context.newPage()]
  for (const tab of tabs) {
    await tab.goto('/')
    await waitForHydration(tab)
    await tab.getByTestId('theme-toggle').click()
    await tab.getByTestId('theme-toggle').click()
  }
  // Each tab has tried to send its page view and two theme switches: its own, not what the other tab stored.
  const triedBy = (tab: Page) => new Set(receiver.attempted.filter((e) => e.page === tab).map((e) => e.id))
  await expect.poll(() => tabs.map((tab) => triedBy(tab).size), { timeout: 45_000 }).toEqual([3, 3])
  const [first, second] = tabs.map(triedBy)
  expect([...(first ?? [])].filter((id) => second?.has(id))).toEqual([])
  const waiting = new Set(receiver.attempted.map((e) => e.id))

  // Both tabs leave at once, beaconing as they go (fetches still fail: none is in flight as a page goes); then the
  // receiver is back and their next pages send at once, adopting whatever a left page kept.
  await Promise.all(tabs.map((tab) => tab.goto('/register')))
  await Promise.all(tabs.map((tab) => waitForHydration(tab)))
  receiver.down = false
  const [tab] = tabs
  if (!tab) throw new Error('no tab')
  const all = async () => [...receiver.delivered, ...(await beaconed(tab))]

  const missing = async () => {
    const arrived = new Set((await all()).map((e) => e.id))
    return [...waiting].filter((id) => !arrived.has(id))
  }
  await expect.poll(missing, { timeout: 30_000 }).toEqual([])
  // Another interval and more for a late double to show.
  await tab.waitForTimeout(ANALYTICS.intervalMs + 1500)
  const events = await all()
  expect(events.filter((e) => e.event === 'page_leave')).toHaveLength(2)
  const counts = new Map<string, number>()
  for (const event of events) counts.set(event.id, (counts.get(event.id) ?? 0) + 1)
  expect([...counts].filter(([, count]) => count > 1)).toEqual([])
})
