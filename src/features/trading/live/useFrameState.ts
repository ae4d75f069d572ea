/**
 * State that a stream may change many times a second, drawn at most once per animation frame (issue 19: the book and
 * the trades paint once a frame whatever their rate). `set` takes the next value from the latest one, at once (so a
 * stream's own bookkeeping never lags); the render follows on the next frame with the time it came.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

export interface Timed<T> {
  value: T
  /** When the value last changed (epoch ms); 0 for the page's first answer. */
  at: number
}

export function useFrameState<T>(initial: T): [Timed<T>, (next: (current: T) => T) => void, () => T] {
  const [shown, setShown] = useState<Timed<T>>({ value: initial, at: 0 })
  const latest = useRef(initial)
  const frame = useRef<number | undefined>(undefined)
  useEffect(
    () => () => {
      if (frame.current !== undefined) cancelAnimationFrame(frame.current)
    },
    [],
  )
  const set = useCallback((next: (current: T) => T) => {
    latest.current = next(latest.current)
    frame.current ??= requestAnimationFrame(() => {
      frame.current = undefined
      setShown({ value: latest.current, at: Date.now() })
    })
  }, [])
  const read = useCallback(() => latest.current, [])
  return [shown, set, read]
}
