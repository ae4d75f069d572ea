/**
 * The sending half of the analytics SDK: the XState machine of modes and delivery, with its queue
 * in local storage. The API in analytics.ts builds the events, watches the page, and loads this
 * module only when a first send is due, so no page carries XState for analytics in its first load.
 */
import { createActor } from 'xstate'
import type { AnalyticsSettings } from './analytics-settings.ts'
import { analyticsMachine, modeOf, type AnalyticsEvent, type AnalyticsMode } from './analytics.machine.ts'
import type { KeyValueStore } from './analytics-queue.ts'
import type { TabQueue } from './analytics-tabs.ts'

export interface SenderInput {
  endpoint: string
  newId: () => string
  storage: KeyValueStore | undefined
  requireOptIn?: boolean | undefined
  settings?: Partial<AnalyticsSettings>
  /** This tab's stored queue; what closed tabs left is adopted now and at every interval. */
  tabs?: TabQueue | undefined
}

export interface Sender {
  send(event: AnalyticsEvent): void
  mode(): AnalyticsMode | undefined
  stop(): void
}

export function startSender({ tabs, ...input }: SenderInput): Sender {
  const actor = createActor(analyticsMachine, { input: { ...input, queueKey: tabs?.key } })
  actor.start()
  const { queueCap, intervalMs } = actor.getSnapshot().context.settings
  const adopt = () => void tabs?.adopt((state) => actor.send({ type: 'queue.adopt', state }), queueCap)
  adopt()
  // A tab closed while this one lives leaves its events behind: they are picked up within an interval.
  const timer = tabs ? setInterval(adopt, intervalMs) : undefined
  return {
    send: (event) => actor.send(event),
    mode: () => modeOf(actor.getSnapshot()),
    stop: () => {
      clearInterval(timer)
      actor.stop()
    },
  }
}
