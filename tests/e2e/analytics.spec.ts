/**
 * Analytics end to end, on a desktop and on a phone user agent: page views (landing and in-app
 * navigation), a theme switch, a language switch (sent with sendBeacon as the page goes away) and a
 * login reach the reference exchange's receiver with the §3 properties, read back through the
 * development endpoint /dev/analytics.json.
 */
import { expect, test, type Page } from '@playwright/test'
import { z } from 'zod'
import { DEVICE } from '#/app.config.ts'
import { leaderPageResponseSchema } from '#/contract/index.ts'
import { freshAccount, signInWith, testAddress, waitForHydration, watchErrors } from './helpers.ts'

const eventSchema = z.object({
  id: z.string(),
  event: z.string(),
  userId: z.string().nullable(),
  distinctId: z.string(),
  properties: z.object({
    page_name: z.string(),
    siteid: z.string(),
    request_source: z.string(),
    type: z.string(),
    module_name: z.string().optional(),
    element_name: z.string().optional(),
    events_param: z.string().optional(),
    utm_source: z.string().optional(),
    utm_campaign: z.string().optional(),
    referrer: z.string().optional(),
  }),
})
type ReceivedEvent = z.infer<typeof eventSchema>
const listSchema = z.object({ events: z.array(eventSchema) })

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1'

const DEVICES = [
  { name: 'desktop', siteid: 'tandem-Web', source: 'PC', use: {} },
  {
    name: 'phone',
    siteid: 'tandem-H5',
    source: 'H5',
    use: { userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
] as const

async function deviceId(page: Page): Promise<string> {
  let id = ''
  await expect
    .poll(async () => (id = (await page.evaluate((key) => localStorage.getItem(key), DEVICE.idStorageKey)) ?? ''))
    .not.toBe('')
  return id
}

/** Polls the receiver until the events named have arrived for this device, then answers them all. */
async function received(page: Page, distinctId: string, names: string[]): Promise<ReceivedEvent[]> {
  let events: ReceivedEvent[] = []
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          `/dev/analytics.json?distinctId=${encodeURIComponent(distinctId)}&limit=500`,
        )
        events = listSchema.parse(await response.json()).events.reverse()
        return names.every((name) => events.some((e) => e.event === name))
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true)
  return events
}

function pageViews(events: ReceivedEvent[]): string[] {
  return events.filter((e) => e.event === 'page_view').map((e) => e.properties.page_name)
}

for (const device of DEVICES) {
  test.describe(device.name, () => {
    test.use(device.use)
    // A batch may wait for the 6 s interval; the receiver is polled up to 20 s.
    test.describe.configure({ timeout: 60_000 })
    test.beforeEach(async ({ context }) => context.setExtraHTTPHeaders({ 'x-forwarded-for': testAddress() }))

    test('page views, a theme switch and a language switch reach the receiver', async ({ page }) => {
      const errors = watchErrors(page)
      const campaign = `e2e_${device.name}_${Date.now()}`
      await page.goto(`/?utm_source=e2e&utm_campaign=${campaign}`)
      await waitForHydration(page)
      const id = await deviceId(page)
      await page.getByTestId('theme-toggle').click()
      await expect(page.locator('html')).toHaveClass(/dark/)
      // In-app navigation: to the register page (its own layout) and back home.
      await page.getByRole('link', { name: 'Sign up' }).first().click()
      await expect(page).toHaveURL(/\/register$/)
      // The register page is shown (the address changes before the page is there) before the reader leaves it.
      await expect(page.getByTestId('send-code')).toBeVisible()
      await page.getByRole('link', { name: 'Home' }).first().click()
      await expect(page).toHaveURL(/\/$/)
      await page.getByTestId('language-menu').locator('summary').click()
      await page.getByTestId('language-menu').getByRole('link', { name: '简体中文' }).click()
      await expect(page).toHaveURL(/\/zh_CN\/?$/)
      await waitForHydration(page)

      const events = await received(page, id, ['theme_switch', 'language_switch', 'page_leave'])
      await expect
        .poll(async () => pageViews(await received(page, id, ['page_view'])), { timeout: 20_000 })
        .toEqual(['/', '/register', '/', '/'])
      for (const event of events) {
        expect(event.properties, JSON.stringify(event)).toMatchObject({
          siteid: device.siteid,
          request_source: device.source,
          utm_source: 'e2e',
          utm_campaign: campaign,
        })
        expect(event.userId).toBeNull()
      }
      const language = events.find((e) => e.event === 'language_switch')
      expect(language?.properties).toMatchObject({
        page_name: '/',
        module_name: 'header',
        element_name: 'language_menu',
        type: 'action',
      })
      expect(JSON.parse(language?.properties.events_param ?? '{}')).toEqual({ from: 'en_US', to: 'zh_CN' })
      const theme = events.find((e) => e.event === 'theme_switch')
      expect(JSON.parse(theme?.properties.events_param ?? '{}')).toEqual({ theme: 'dark' })
      // In-app navigation: the register page's view names the landing page as its referrer.
      expect(
        events.find((e) => e.event === 'page_view' && e.properties.page_name === '/register')?.properties.referrer,
      ).toMatch(/^\/\?utm_source=e2e/)
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length)
      expect(errors).toEqual([])
    })

    test('a login is recorded with the user id once it is known', async ({ page, context }) => {
      // The demo mobile account: no other spec signs in with it (sign-ins are limited per account and minute).
      await page.goto('/login?utm_source=e2e')
      await waitForHydration(page)
      const id = await deviceId(page)
      await page.getByRole('radio', { name: 'Mobile' }).click()
      await page.getByLabel('Mobile number').fill('13800138000')
      await page.getByLabel('Password', { exact: true }).fill('Mobile12345')
      await page.getByRole('button', { name: 'Log in', exact: true }).click()
      await expect(page.getByTestId('account-menu')).toBeVisible()
      const userId = (await context.cookies()).find((c) => c.name === 'userId')?.value
      expect(userId).toMatch(/^\d+$/)

      const events = await received(page, id, ['login'])
      const login = events.find((e) => e.event === 'login')
      expect(login?.userId).toBe(userId)
      expect(login?.properties).toMatchObject({
        siteid: device.siteid,
        request_source: device.source,
        module_name: 'auth',
        element_name: 'login_form',
        utm_source: 'e2e',
      })
      expect(JSON.parse(login?.properties.events_param ?? '{}')).toEqual({ accountType: 'mobile' })
      await expect
        .poll(
          async () =>
            (await received(page, id, ['page_view']))
              .filter((e) => e.event === 'page_view')
              .map((e) => [e.properties.page_name, e.userId]),
          {
            timeout: 20_000,
          },
        )
        .toEqual([
          ['/login', null],
          ['/', userId],
        ])
    })

    test('a follow is recorded with the user, the trader and the device', async ({ page, request }) => {
      const address = testAddress()
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
      const [leader] = leaderPageResponseSchema.parse(
        await (await request.get('/spotapi/copy/v1/leaders?pageSize=1&biz=futures&hasSlots=true')).json(),
      ).data.list
      expect(leader).toBeDefined()
      if (!leader) return
      await signInWith(page, await freshAccount(request, address))
      await page.goto(`/copy-trading/gemw/copy-trader/${leader.leaderId}`)
      await waitForHydration(page)
      const id = await deviceId(page)
      await page.getByTestId('field-investment').fill('1000')
      await page.getByTestId('field-fixedAmount').fill('50')
      await page.getByRole('button', { name: 'Review and copy' }).click()
      await page.getByTestId('confirm-follow-button').click()
      await expect(page).toHaveURL(new RegExp(`/copy-detail/${leader.leaderId}$`))
      const follow = (await received(page, id, ['follow'])).find((e) => e.event === 'follow')
      expect(follow?.userId).toMatch(/^\d+$/)
      expect(follow?.properties).toMatchObject({
        siteid: device.siteid,
        request_source: device.source,
        module_name: 'copy_trading',
        element_name: 'follow',
      })
      expect(JSON.parse(follow?.properties.events_param ?? '{}')).toMatchObject({
        leaderId: leader.leaderId,
        mode: 'fixed',
      })
    })
  })
}
