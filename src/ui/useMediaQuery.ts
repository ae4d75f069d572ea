/**
 * Whether a media query matches, for pages that render one of two layouts rather than both and
 * hide one by CSS. The server cannot measure the screen, so it renders with `serverGuess` (from the
 * user agent); hydration keeps that guess, then the real answer takes over and follows resizes.
 */
import { useSyncExternalStore } from 'react'

export function useMediaQuery(query: string, serverGuess: boolean): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = matchMedia(query)
      list.addEventListener('change', changed)
      return () => list.removeEventListener('change', changed)
    },
    () => matchMedia(query).matches,
    () => serverGuess,
  )
}
