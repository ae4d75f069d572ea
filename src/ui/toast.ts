/**
 * Action feedback toasts without shipping the toast library on first load: `notify` queues a
 * message and asks for the toaster, which loads on demand (src/ui/Toaster.tsx) and takes the queue.
 */
import { useSyncExternalStore } from 'react'

export type ToastKind = 'success' | 'error'
type Deliver = (kind: ToastKind, message: string) => void

const queue: Array<{ kind: ToastKind; message: string }> = []
const listeners = new Set<() => void>()
let requested = false
let deliver: Deliver | undefined

export function notify(message: string, kind: ToastKind = 'success') {
  if (deliver) return deliver(kind, message)
  queue.push({ kind, message })
  if (!requested) {
    requested = true
    for (const listener of listeners) listener()
  }
}

/** Called by the toaster once it is on screen. */
export function connectToaster(target: Deliver): () => void {
  deliver = target
  for (const { kind, message } of queue.splice(0)) target(kind, message)
  return () => {
    deliver = undefined
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  )
}
