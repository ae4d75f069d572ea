/**
 * The top progress bar while the router loads the next page. It appears only when a navigation
 * takes longer than a moment (a fast one shows nothing), creeps toward the end while waiting, and
 * completes when the page is there. Purely visual: screen readers hear the new page's title.
 */
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { NAVIGATION } from '#/app.config.ts'

export function NavigationProgress() {
  const pending = useRouterState({ select: (state) => state.status === 'pending' })
  // Whether the bar is on screen: it comes after a delay while pending, and goes after fading out.
  const [shown, setShown] = useState(false)

  useEffect(() => {
    if (pending === shown) return
    const timer = setTimeout(() => setShown(pending), pending ? NAVIGATION.progressDelayMs : NAVIGATION.progressFadeMs)
    return () => clearTimeout(timer)
  }, [pending, shown])

  if (!shown) return null
  const phase = pending ? 'loading' : 'done'
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5"
      data-testid="nav-progress"
      data-phase={phase}
    >
      <div
        className={`h-full bg-brand ${phase === 'done' ? 'w-full opacity-0 transition-opacity duration-300' : 'animate-[nav-progress_8s_ease-out_forwards]'}`}
      />
    </div>
  )
}
