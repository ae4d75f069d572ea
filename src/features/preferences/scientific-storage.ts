/**
 * A visitor's scientific-notation choice, in local storage under the §3 key
 * ('indent' on, 'normal' off), readable by React without a hydration mismatch.
 */
import { useSyncExternalStore } from 'react'

const KEY = 'preferencesSetScientific'
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

/** The stored choice, or undefined when the visitor has made none (and on the server). */
export function useStoredScientific(): boolean | undefined {
  const stored = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(KEY),
    () => null,
  )
  return stored === null ? undefined : stored !== 'normal'
}

export function storeScientific(on: boolean) {
  localStorage.setItem(KEY, on ? 'indent' : 'normal')
  for (const listener of listeners) listener()
}
