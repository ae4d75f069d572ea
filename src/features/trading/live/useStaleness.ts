/**
 * Whether live data may be behind (issue 19): its market's socket dropped (or has not opened within
 * TERMINAL.staleAfterMs of the page), so what is drawn is the last it had. While stale, how long since it last changed,
 * ticking once a second so the reader sees the age grow.
 */
import { useEffect, useState } from 'react'
import { TERMINAL } from '#/app.config.ts'
import type { TradingMarket } from '#/contract/index.ts'
import { useConnectionStatus } from '#/features/realtime/index.ts'

export interface Staleness {
  stale: boolean
  /** Milliseconds since the data last changed (the page's own answer counts from when the page opened). */
  ageMs: number
}

export function useStaleness(biz: TradingMarket, at: number): Staleness {
  const status = useConnectionStatus(biz)
  const [opened] = useState(() => Date.now())
  const [now, setNow] = useState(opened)
  const waitingLong = status === 'connecting' && now - opened > TERMINAL.staleAfterMs
  const stale = status === 'waiting' || waitingLong
  const watching = status !== undefined && status !== 'open'
  useEffect(() => {
    if (!watching) return
    const tick = () => setNow(Date.now())
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, TERMINAL.staleTickMs)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [watching])
  return { stale, ageMs: stale ? Math.max(0, now - (at > 0 ? at : opened)) : 0 }
}
