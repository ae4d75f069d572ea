import { Trans } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { z } from 'zod/mini'
import { findLocale, localeInfo, verificationWidget } from '#/lib/locale.ts'
import { getVerificationChallenge } from './verification.functions.ts'

const stateChangeSchema = z.object({ state: z.string(), payload: z.optional(z.string()) })

export interface VerificationWidgetProps {
  /** A new number starts a new challenge: each solution counts once. */
  generation: number
  /** The solved payload, or undefined while there is none. */
  onPayload: (payload: string | undefined) => void
}

/**
 * The ALTCHA proof-of-work widget under its §9 title, in the page's language and direction. It solves on its own as
 * soon as it appears (auto mode). Its script loads in the browser after hydration: the server renders only the title.
 */
export function VerificationWidget({ generation, onPayload }: VerificationWidgetProps) {
  const { locale } = useRouteContext({ from: '__root__' })
  const { language, title } = verificationWidget(locale)
  const { dir } = localeInfo(findLocale(locale) ?? 'en_US')
  const titleId = useId()
  const host = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let cancelled = false
    const element = document.createElement('altcha-widget')
    const onStateChange = (event: Event) => {
      if (!(event instanceof CustomEvent)) return
      const detail = stateChangeSchema.safeParse(event.detail)
      if (detail.success) onPayload(detail.data.state === 'verified' ? detail.data.payload : undefined)
    }
    onPayload(undefined)
    void (async () => {
      try {
        const { loadAltcha } = await import('./load-altcha.ts')
        const [challenge] = await Promise.all([getVerificationChallenge(), loadAltcha(language)])
        if (cancelled) return
        if (challenge.status !== 'ok') {
          setFailed(true)
          return
        }
        element.setAttribute('challenge', JSON.stringify(challenge.data))
        element.setAttribute('auto', 'onload')
        element.setAttribute('language', language)
        element.setAttribute('name', 'verification')
        element.addEventListener('statechange', onStateChange)
        setFailed(false)
        host.current?.replaceChildren(element)
      } catch {
        if (!cancelled) setFailed(true)
      }
    })()
    return () => {
      cancelled = true
      element.removeEventListener('statechange', onStateChange)
      element.remove()
    }
  }, [generation, language, onPayload])

  return (
    <section aria-labelledby={titleId} dir={dir} className="flex flex-col gap-2" data-testid="verification">
      <h2 id={titleId} className="text-sm font-medium">
        {title}
      </h2>
      <div ref={host} className="min-h-16" data-testid="verification-widget" />
      {failed ? (
        <p role="alert" className="text-sm text-down">
          <Trans>The security check could not start. Check your connection and reload the page.</Trans>
        </p>
      ) : null}
    </section>
  )
}
