import { useCallback, useRef, useState } from 'react'
import { VERIFICATION } from '#/app.config.ts'
import type { VerificationWidgetProps } from './VerificationWidget.tsx'

export interface Verification {
  /**
   * The solved challenge for one request, waiting while the widget still solves (undefined when it gives up, and the
   * exchange then says verification-required). Taking it starts a new challenge: a solution counts once.
   */
  take: () => Promise<string | undefined>
  widget: VerificationWidgetProps
}

export function useVerification(): Verification {
  const [generation, setGeneration] = useState(0)
  const solved = useRef<string | undefined>(undefined)
  const waiting = useRef<((payload: string | undefined) => void)[]>([])
  const renew = useCallback(() => setGeneration((n) => n + 1), [])

  const onPayload = useCallback(
    (payload: string | undefined) => {
      solved.current = undefined
      if (payload === undefined) return
      const next = waiting.current.shift()
      if (next) {
        renew()
        next(payload)
      } else solved.current = payload
    },
    [renew],
  )

  const take = useCallback(() => {
    const ready = solved.current
    if (ready !== undefined) {
      solved.current = undefined
      renew()
      return Promise.resolve<string | undefined>(ready)
    }
    return new Promise<string | undefined>((resolve) => {
      const wait = (payload: string | undefined) => {
        clearTimeout(timer)
        resolve(payload)
      }
      const timer = setTimeout(() => {
        waiting.current = waiting.current.filter((w) => w !== wait)
        resolve(undefined)
      }, VERIFICATION.solveWaitMs)
      waiting.current.push(wait)
    })
  }, [renew])

  return { take, widget: { generation, onPayload } }
}
