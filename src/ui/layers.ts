/**
 * Popups stack from z-index 2000 upward (§9) through one manager: each open popup takes the next
 * layer in the order they opened, so the latest one is always on top.
 */
import { useEffect, useId, useSyncExternalStore } from 'react'
import { LAYERS } from '#/app.config.ts'

let open: readonly string[] = []
const listeners = new Set<() => void>()

function publish(next: readonly string[]) {
  open = next
  for (const listener of listeners) listener()
}

export function openLayer(id: string): () => void {
  if (!open.includes(id)) publish([...open, id])
  return () => publish(open.filter((o) => o !== id))
}

export function layerZIndex(id: string): number | undefined {
  const index = open.indexOf(id)
  return index === -1 ? undefined : LAYERS.popupBaseZIndex + index
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The z-index of a popup while `active`; undefined when closed. */
export function usePopupLayer(active: boolean): number | undefined {
  const id = useId()
  useEffect(() => (active ? openLayer(id) : undefined), [active, id])
  return useSyncExternalStore(
    subscribe,
    () => layerZIndex(id),
    () => undefined,
  )
}
