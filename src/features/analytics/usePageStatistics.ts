/**
 * Sends a page_view statistics event after every navigation, with the utm parameters of the
 * landing URL (kept for the tab's session). Fire-and-forget: a failure never reaches the user.
 */
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { recordStatistics, type StatisticsInput } from './statistics.functions.ts'

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
const UTM_STORAGE = 'tandem:utm'

function landingUtm(): Partial<Record<(typeof UTM_KEYS)[number], string>> {
  const stored = sessionStorage.getItem(UTM_STORAGE)
  if (stored !== null) {
    const parsed: unknown = JSON.parse(stored)
    if (typeof parsed === 'object' && parsed !== null) {
      return Object.fromEntries(UTM_KEYS.flatMap((k) => {
        const v: unknown = Reflect.get(parsed, k)
        return typeof v === 'string' ? [[k, v]] : []
      }))
    }
  }
  const params = new URLSearchParams(location.search)
  const utm = Object.fromEntries(UTM_KEYS.flatMap((k) => (params.get(k) ? [[k, (params.get(k) ?? '').slice(0, 200)]] : [])))
  sessionStorage.setItem(UTM_STORAGE, JSON.stringify(utm))
  return utm
}

export function usePageStatistics() {
  const router = useRouter()
  useEffect(() => {
    const send = () => {
      const input: StatisticsInput = {
        event: 'page_view',
        type: router.state.matches.at(-1)?.fullPath.slice(0, 50) ?? '/',
        request_source: window.matchMedia('(max-width: 767px)').matches ? 'H5' : 'PC',
        ...landingUtm(),
      }
      recordStatistics({ data: input }).catch(() => undefined)
    }
    send()
    return router.subscribe('onResolved', ({ hrefChanged }) => {
      if (hrefChanged) send()
    })
  }, [router])
}
