/**
 * Touch gestures with the thresholds of §9 (tap within 10 px, swipe past 30 px, hold and long-tap
 * at 400 ms, drag updates at most every 100 ms), on @use-gesture/react.
 */
import { useGesture } from '@use-gesture/react'
import { useRef } from 'react'
import { TOUCH } from '#/app.config.ts'

export type SwipeDirection = 'left' | 'right' | 'up' | 'down'

export interface TouchGestureHandlers {
  onTap?: () => void
  onSwipe?: (direction: SwipeDirection) => void
  onHold?: () => void
  onDrag?: (offset: { x: number; y: number }) => void
}

/** The direction of a finished movement, or undefined when it stayed under the swipe threshold. */
export function swipeDirection(
  dx: number,
  dy: number,
  threshold: number = TOUCH.swipeThresholdPx,
): SwipeDirection | undefined {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < threshold) return undefined
  if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? 'right' : 'left'
  return dy > 0 ? 'down' : 'up'
}

export function useTouchGestures({ onTap, onSwipe, onHold, onDrag }: TouchGestureHandlers) {
  const holdTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const held = useRef(false)
  const lastDrag = useRef(0)
  const cancelHold = () => clearTimeout(holdTimer.current)
  return useGesture(
    {
      onPointerDown: () => {
        held.current = false
        cancelHold()
        holdTimer.current = setTimeout(() => {
          held.current = true
          onHold?.()
        }, TOUCH.holdMs)
      },
      onPointerUp: cancelHold,
      onPointerCancel: cancelHold,
      onDrag: ({ tap, last, movement: [dx, dy], offset: [x, y], timeStamp }) => {
        if (Math.hypot(dx, dy) > TOUCH.tapTolerancePx) cancelHold()
        if (tap) {
          if (!held.current) onTap?.()
          return
        }
        if (last) {
          const direction = swipeDirection(dx, dy)
          if (direction) onSwipe?.(direction)
          return
        }
        if (onDrag && timeStamp - lastDrag.current >= TOUCH.dragFrequencyMs) {
          lastDrag.current = timeStamp
          onDrag({ x, y })
        }
      },
    },
    { drag: { filterTaps: true, tapsThreshold: TOUCH.tapTolerancePx, pointer: { touch: true } } },
  )
}
