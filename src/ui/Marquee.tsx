import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { LOCALES, MARQUEE } from '#/app.config.ts'

/**
 * A ticker band (§9): a 20 s infinite loop with no delay and 200 px faded edges. It pauses on
 * hover and focus, stands still for reduced motion (styles.css), and runs the other way in
 * right-to-left pages.
 */
export function Marquee({ children, label }: { children: ReactNode; label: string }) {
  const { i18n } = useLingui()
  const rtl = LOCALES.find((l) => l.code === i18n.locale)?.dir === 'rtl'
  // 200 px edges (§9), but never more than a fifth of the band: on a 390 px phone they would hide it all.
  const edge = `min(${MARQUEE.gradientPx}px, 20%)`
  return (
    <div
      role="region"
      aria-label={label}
      data-marquee-root=""
      className="relative overflow-hidden"
      style={{
        maskImage: `linear-gradient(to right, transparent, black ${edge}, black calc(100% - ${edge}), transparent)`,
      }}
    >
      <div
        data-marquee=""
        className="flex w-max gap-8"
        style={{
          animationName: rtl ? 'marquee-rtl' : 'marquee',
          animationDuration: `${MARQUEE.durationS}s`,
          animationDelay: `${MARQUEE.delayS}s`,
          animationTimingFunction: 'linear',
          animationIterationCount: 'infinite',
        }}
      >
        <div className="flex shrink-0 gap-8">{children}</div>
        {/* The second copy makes the loop seamless; screen readers read the first only. */}
        <div className="flex shrink-0 gap-8" aria-hidden="true">
          {children}
        </div>
      </div>
    </div>
  )
}
