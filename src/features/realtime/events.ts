/** The app's event bus (§7 event names): websocket change, connection state, subscription failure, screen size. */
import type { SocketStatus } from './socket.machine.ts'

export type AppEvent =
  | { type: 'websocket-change'; biz: 'spot' | 'futures'; url: string }
  | { type: 'connection-state'; biz: 'spot' | 'futures'; status: SocketStatus }
  | { type: 'subscription-fail'; key: string; channel: string; reason: string }
  | { type: 'screen-size'; width: number; height: number }

export interface AppEventBus {
  emit(event: AppEvent): void
  /** Every event; a listener narrows by `event.type`. Returns the unsubscribe. */
  listen(listener: (event: AppEvent) => void): () => void
}

export function createEventBus(): AppEventBus {
  const listeners = new Set<(event: AppEvent) => void>()
  return {
    emit(event) {
      for (const listener of listeners) listener(event)
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
