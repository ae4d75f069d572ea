/**
 * Mounted once by the app layout: starts the analytics SDK with the public configuration, keeps its
 * identity on the signed-in user (§4), and after every navigation records a page view (with the
 * page_name super property) and the fire-and-forget statistics call of §7.
 */
import { useRouteContext, useRouter, type AnyRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { deviceContext } from '#/features/device/index.ts'
import { maySendAnalytics, readConsent } from './analytics-consent.ts'
import { analyticsEndpoint, clearIdentity, identify, startAnalytics, trackPageView } from './analytics.ts'
import { landingUtm } from './landing-utm.ts'
import { recordStatistics } from './statistics.functions.ts'

/** The page's route without the locale segment: '/', '/copy-trading/gemw/$id' … */
export function pageNameOf(fullPath: string | undefined): string {
  const path = (fullPath ?? '/').replace(/^\/\{-\$locale\}/, '').replace(/\/+$/, '')
  return path === '' ? '/' : path
}

function recordPage(router: AnyRouter, product: string, requireOptIn: boolean) {
  const pageName = pageNameOf(router.state.matches.at(-1)?.fullPath)
  trackPageView(pageName, location.pathname + location.search)
  // The statistics hit is usage data too: it follows the same choice as the SDK.
  if (!maySendAnalytics(readConsent(), requireOptIn)) return
  const data = {
    event: 'page_view',
    type: pageName.slice(0, 50),
    request_source: deviceContext(product).requestSource,
    ...landingUtm(),
  }
  recordStatistics({ data }).catch(() => undefined)
}

export function useAnalytics() {
  const router = useRouter()
  const { shell } = useRouteContext({ from: '__root__' })
  const { account } = useRouteContext({ from: '/{-$locale}' })
  const { product, analytics } = shell.config
  const endpoint = analyticsEndpoint(shell.config)
  const userId = account?.userId

  useEffect(
    () => startAnalytics({ product, endpoint, batchSize: analytics.batchSize, requireOptIn: analytics.requireOptIn }),
    [product, endpoint, analytics.batchSize, analytics.requireOptIn],
  )

  useEffect(() => {
    if (userId) identify(userId)
    else clearIdentity()
  }, [userId])

  useEffect(() => {
    recordPage(router, product, analytics.requireOptIn)
    return router.subscribe('onResolved', ({ hrefChanged }) => {
      if (hrefChanged) recordPage(router, product, analytics.requireOptIn)
    })
  }, [router, product, analytics.requireOptIn])
}
