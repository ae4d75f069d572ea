/**
 * The user's analytics choice (§4 opt-in / opt-out): 'in', 'out', or none yet. It lives in local
 * storage under ANALYTICS.consentStorageKey, the key the sender's machine reads when it boots, so
 * the choice is applied before any event of the next page is sent. Local storage rather than a
 * cookie: only the browser acts on it (the SDK and the statistics call both start here), and a
 * cookie would ride along with every request for nothing. Other tabs follow through the storage
 * event; native shells read and set it through window.TandemWeb.
 */
import { useSyncExternalStore } from 'react'
import { ANALYTICS } from '#/app.config.ts'
import { browserStorage, type KeyValueStore } from './analytics-queue.ts'

export type ConsentChoice = 'in' | 'out'

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return value === 'in' || value === 'out'
}

export function readConsent(storage: KeyValueStore | undefined = browserStorage()): ConsentChoice | undefined {
  try {
    const stored = storage?.getItem(ANALYTICS.consentStorageKey)
    return isConsentChoice(stored) ? stored : undefined
  } catch {
    return undefined
  }
}

/** Whether events may be collected: never after an opt-out, and only after an opt-in when one is required. */
export function maySendAnalytics(choice: ConsentChoice | undefined, requireOptIn: boolean): boolean {
  return choice === 'in' || (choice === undefined && !requireOptIn)
}

type Listener = (choice: ConsentChoice | undefined) => void
const listeners = new Set<Listener>()

/** Calls back on every change of the choice: in this tab, or in another one (storage event). */
export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === ANALYTICS.consentStorageKey || event.key === null) listener(readConsent())
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Stores the choice and tells every listener (the SDK applies it at once: 'out' stops and clears, 'in' collects). */
export function storeConsent(choice: ConsentChoice, storage: KeyValueStore | undefined = browserStorage()): void {
  try {
    storage?.setItem(ANALYTICS.consentStorageKey, choice)
  } catch {
    // Storage disabled: the choice still holds for this page.
  }
  for (const listener of listeners) listener(choice)
}

/**
 * The stored choice for React: undefined on the server and on the first render, so the server's
 * page and the hydrated one agree; the banner and the setting appear once the choice is known.
 */
export function useConsent(): { known: boolean; choice: ConsentChoice | undefined } {
  const stored = useSyncExternalStore<ConsentChoice | 'none' | 'unknown'>(
    (onChange) => subscribeConsent(onChange),
    () => readConsent() ?? 'none',
    () => 'unknown',
  )
  if (stored === 'unknown') return { known: false, choice: undefined }
  return { known: true, choice: stored === 'none' ? undefined : stored }
}
