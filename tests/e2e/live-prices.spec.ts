/**
 * Live market data in the browser: the home page's prices move with the feed; when the feed
 * stops, the header's indicator says so and the HTTP fallback refreshes the prices; when it comes
 * back, the page is live again. The server runs its engine at 30× so a market minute is 2 s.
 */
import { expect, test, type WebSocketRoute } from '@playwright/test'

test('home prices are live, fall back to HTTP while the feed is down, and recover', async ({ page }) => {
  let feedUp = true
  const routes: WebSocketRoute[] = []
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (!feedUp) {
      void ws.close({ code: 1011, reason: 'feed down' })
      return
    }
    ws.connectToServer()
    routes.push(ws)
  })
  await page.goto('/')
  const indicator = page.getByTestId('connection')
  const btc = page.locator('[data-pair="BTC_USDT"] [data-testid="last"]')
  await expect(indicator).toHaveAttribute('data-status', 'open')
  const first = await btc.textContent()
  await expect.poll(() => btc.textContent(), { timeout: 20_000 }).not.toBe(first)

  feedUp = false
  const fallback = page.waitForRequest(/\/market\/v1\/tickers/, { timeout: 15_000 })
  for (const route of routes) await route.close({ code: 1011, reason: 'feed down' })
  await expect(indicator).not.toHaveAttribute('data-status', 'open')
  await expect(indicator).toHaveAttribute('aria-label', 'Live prices interrupted: reconnecting')
  // After WEBSOCKET.fallbackIdleMs without the socket, the same data comes over HTTP.
  await fallback

  feedUp = true
  await expect(indicator).toHaveAttribute('data-status', 'open', { timeout: 30_000 })
  const again = await btc.textContent()
  await expect.poll(() => btc.textContent(), { timeout: 20_000 }).not.toBe(again)
})
