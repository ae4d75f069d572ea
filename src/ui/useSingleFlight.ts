import { useRef, useState } from 'react'

/**
 * Runs one task at a time: a second press while the first runs is ignored. The ref decides at
 * once; `busy` disables the button on the next render (a query's `isPending` comes a tick later,
 * after a double click's second press).
 */
export function useSingleFlight() {
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const run = (task: () => Promise<unknown>): Promise<void> => {
    if (running.current) return Promise.resolve()
    running.current = true
    setBusy(true)
    return task()
      .then(() => undefined)
      .finally(() => {
        running.current = false
        setBusy(false)
      })
  }
  return { busy, run }
}
