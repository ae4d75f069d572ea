import { expect, test } from '@playwright/test'
import { waitForHydration, watchErrors } from './helpers.ts'

test('the colour scheme flips every price colour on the page, and the server renders it next time', async ({
  page,
  context,
}) => {
  const errors = watchErrors(page)
  await page.goto('/affiliate-register/why-join-tandem')
  await waitForHydration(page)
  const rates = page.locator('.text-up')
  await expect(rates.first()).toBeVisible()
  const before = await rates.evaluateAll((els) => els.map((el) => getComputedStyle(el).color))
  expect(new Set(before).size).toBe(1)

  await page.getByTestId('preferences').locator('summary').click()
  await page.getByLabel('Red up, green down').click()
  await expect(page.locator('html')).toHaveAttribute('data-upcolor', 'upred')
  const after = await rates.evaluateAll((els) => els.map((el) => getComputedStyle(el).color))
  expect(after.every((color) => color !== before[0])).toBe(true)
  expect((await context.cookies()).find((c) => c.name === 'theme_upcolor')?.value).toBe('upred')

  const html = await (await page.request.get('/affiliate-register/why-join-tandem')).text()
  expect(html).toMatch(/<html[^>]+data-upcolor="upred"/)
  expect(errors).toEqual([])
})

test('switching language sets the locale cookies for a year and lands on the prefixed path', async ({
  page,
  context,
}) => {
  await page.goto('/copy-trading/spot?sort=roi')
  await waitForHydration(page)
  await page.getByTestId('language-menu').locator('summary').click()
  await page.getByRole('link', { name: '日本語' }).click()
  await expect(page).toHaveURL(/\/ja_JP\/copy-trading\/spot\?sort=roi$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP')
  const cookies = await context.cookies()
  for (const name of ['app_lang', 'i18n_redirected']) {
    const cookie = cookies.find((c) => c.name === name)
    expect(cookie?.value).toBe('ja_JP')
    expect(cookie?.path).toBe('/')
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThanOrEqual(365)
  }
  // An unprefixed address now opens in the chosen language.
  await page.goto('/copy-trading/gemw')
  await expect(page).toHaveURL(/\/ja_JP\/copy-trading\/gemw$/)
})

test('clientSupperLanguage narrows the languages and moves an unsupported locale to English', async ({ page }) => {
  await page.goto('/ko_KR/copy-trading/gemw?clientSupperLanguage=en_US,zh_CN')
  await expect(page).toHaveURL(/\/copy-trading\/gemw\?clientSupperLanguage=en_US%2Czh_CN$/)
  await waitForHydration(page)
  await page.getByTestId('language-menu').locator('summary').click()
  await expect(page.getByTestId('language-menu').getByRole('link')).toHaveText(['English', '简体中文'])
})

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a sideways swipe dismisses the campaign banner for the tab; a short move does not', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const banner = page.getByTestId('anniversary-banner')
    await expect(banner).toBeVisible()
    // Real touch events through the browser's input pipeline (CDP), as a finger would send them.
    const cdp = await page.context().newCDPSession(page)
    const swipe = async (dx: number) => {
      const box = await banner.boundingBox()
      if (!box) throw new Error('banner not laid out')
      const y = box.y + box.height / 2
      const x0 = box.x + box.width / 2
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] })
      for (let step = 1; step <= 6; step += 1) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 - (dx * step) / 6, y }] })
        await page.waitForTimeout(16)
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    }
    await swipe(12)
    await expect(banner).toBeVisible()
    await swipe(120)
    await expect(banner).toBeHidden()
    expect(await page.evaluate(() => sessionStorage.getItem('globalDialog'))).toBe('hide')
    await page.reload()
    await waitForHydration(page)
    await expect(page.getByTestId('anniversary-banner')).toBeHidden()
  })
})
