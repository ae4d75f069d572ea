/**
 * The public copy-trading pages in all 13 languages: translated (no message ids in headings),
 * the right direction (Arabic right-to-left), nothing wider than a 390 px phone, no console errors; and screenshots in
 * English and Arabic, light and dark, up-green and
 * up-red, desktop and phone, for a person to look at.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { LOCALES } from '#/app.config.ts'
import { leaderPageResponseSchema } from '#/contract/index.ts'
import { waitForHydration, watchErrors } from './helpers.ts'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

async function pagesToVisit(request: APIRequestContext): Promise<string[]> {
  const [leader] = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=1')).json(),
  ).data.list
  expect(leader).toBeDefined()
  return [
    '/copy-trading/gemw',
    '/copy-trading/futures',
    '/copy-trading/spot',
    `/copy-trading/futures-trader/${leader?.leaderId ?? ''}`,
    '/copy-trading/gemw/chain-copy',
  ]
}

for (const { code, dir } of LOCALES) {
  test(`copy-trading pages in ${code}: translated, ${dir}, fit a phone, no errors`, async ({ page, request }) => {
    test.setTimeout(90_000)
    const prefix = code === 'en_US' ? '' : `/${code}`
    await page.setViewportSize(PHONE)
    const errors = watchErrors(page)
    for (const path of await pagesToVisit(request)) {
      await page.goto(`${prefix}${path}`)
      await waitForHydration(page)
      await expect(page.locator('html')).toHaveAttribute('dir', dir)
      const heading = (await page.locator('h1').innerText()).trim()
      expect(heading.length, `${path}: a heading`).toBeGreaterThan(0)
      // An untranslated message renders as its 6-character id.
      expect(heading, `${path}: heading is translated`).not.toMatch(/^[A-Za-z0-9+/]{6}$/)
      // Once the page has settled: a desktop browser's user agent gets the leader list's table from the server, and
      // the page swaps it for the cards a 390 px window takes after hydration (under load, a moment later).
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `${path}: no sideways scrolling`,
        })
        .toBeLessThanOrEqual(0)
    }
    expect(errors).toEqual([])
  })
}

// Pictures for a person to look at (test-results/screenshots/copy), of every copy-trading page in both directions,
// themes, up-colours and devices: 8 full-page sweeps that took 4½ minutes of the suite. They assert nothing the tests
// above and shell/preferences do not (overflow, errors, the up-colour), so they run on request: SCREENSHOTS=1.
const PICTURES = process.env.SCREENSHOTS === '1'

for (const locale of ['', '/ar_AE'] as const) {
  for (const [theme, upColor] of [
    ['light', 'upgreen'],
    ['dark', 'upred'],
  ] as const) {
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      test(`screenshots ${locale || 'en'} ${theme} ${upColor} ${device}`, async ({
        page,
        context,
        baseURL,
        request,
      }) => {
        test.skip(!PICTURES, 'pictures for review: run with SCREENSHOTS=1')
        test.setTimeout(90_000)
        await context.addCookies([
          { name: 'theme', value: theme, url: baseURL ?? '' },
          { name: 'theme_upcolor', value: upColor, url: baseURL ?? '' },
        ])
        await page.setViewportSize(viewport)
        for (const path of await pagesToVisit(request)) {
          await page.goto(`${locale}${path}`)
          await waitForHydration(page)
          await expect(page.locator('html')).toHaveAttribute('data-upcolor', upColor)
          const name = `${(locale || '/en').slice(1)}${path.replace(/\/\d+$/, '/id').replaceAll('/', '_')}-${theme}-${device}`
          await page.screenshot({ path: `test-results/screenshots/copy/${name}.png`, fullPage: true })
        }
      })
    }
  }
}
