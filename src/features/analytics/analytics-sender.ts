/**
 * The sending half of the analytics SDK: the XState machine of modes and delivery, with its queue
 * in local storage. The API in analytics.ts builds the events, watches the page, and loads this
 * module only when a first send is due, so no page carries XState for analytics in its first load.
 */
import { createActor } from 'xstate'
import type { AnalyticsSettings } from './analytics-settings.ts'
import { analyticsMachine, modeOf, type AnalyticsEvent, type AnalyticsMode } from './analytics.machine.ts'
import type { KeyValueStore } from './analytics-queue.ts'

export interface SenderInput {
  endpoint: string
  newId: () => string
  storage: KeyValueStore | undefined
  requireOptIn?: boolean | undefined
  settings?: Partial<AnalyticsSettings>
}

export interface Sender {
  send(event: AnalyticsEvent): void
  mode(): AnalyticsMode | undefined
  stop(): void
}

export function startSender(input: SenderInput): Sender {
  const actor = createActor(analyticsMachine, { input })
  actor.start()
  return {
    send: (event) => actor.send(event),
    mode: () => modeOf(actor.getSnapshot()),
    stop: () => actor.stop(),
  }
}
