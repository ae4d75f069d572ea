/**
 * Tabs share local storage but not memory, so one stored queue for all of them loses or doubles
 * events: a tab overwrites what another stored, or sends what it restored while that tab still
 * sends it too. Each tab therefore keeps its waiting events under a key of its own
 * (`analytics_queue:<tab id>`) and holds a Web Lock of that name while it lives. What a closed tab
 * left (its key, with no lock held for it) is adopted by one live tab, under a second lock so two
 * tabs never take the same key, and sent as that tab's own: every event goes out once. Without
 * Web Locks (browsers before 2022) every tab uses the one shared key, as before.
 */
import { ANALYTICS } from '#/app.config.ts'
import { mergeQueues, restoreQueue, type KeyValueStore, type QueueState } from './analytics-queue.ts'

/** Local storage as the adoption needs it: its keys can be listed. */
export interface ListableStore extends KeyValueStore {
  readonly length: number
  key(index: number): string | null
}

/** The part of the Web Locks API used here (a fake in tests). */
export interface TabLocks {
  /** Takes the exclusive lock `name` and keeps it until `until` settles. */
  hold(name: string, until: Promise<void>): void
  /** Runs `task` holding the exclusive lock `name`. */
  withLock(name: string, task: () => Promise<void>): Promise<void>
  /** Names of the locks held or waited for, by any tab of this origin. */
  names(): Promise<string[]>
}

export interface TabQueue {
  /** Where this tab stores its waiting events. */
  key: string
  /**
   * Hands the events closed tabs left to `take` (synchronously, so they are stored under this tab's key before the
   * closed tabs' keys are removed), once across all tabs. Does nothing without Web Locks.
   */
  adopt(take: (orphans: QueueState) => void, cap: number): Promise<void>
  /** Lets the tab's lock go (the page keeps its key; a live tab adopts what is left in it). */
  release(): void
}

const PREFIX = `${ANALYTICS.queueStorageKey}:`

export function browserLocks(): TabLocks | undefined {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return undefined
  const { locks } = navigator
  return {
    hold: (name, until) => {
      locks.request(name, () => until).catch(() => undefined)
    },
    withLock: (name, task) => locks.request(name, task),
    names: async () => {
      const snapshot = await locks.query()
      return [...(snapshot.held ?? []), ...(snapshot.pending ?? [])].flatMap((lock) => (lock.name ? [lock.name] : []))
    },
  }
}

export function isListable(storage: KeyValueStore | undefined): storage is ListableStore {
  return storage !== undefined && 'length' in storage && 'key' in storage
}

function storedKeys(storage: ListableStore): string[] {
  const keys: string[] = []
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index)
    if (key !== null) keys.push(key)
  }
  return keys
}

/** Keys of stored queues no live tab owns: closed tabs', and the shared key of the time before per-tab keys. */
export function orphanKeys(keys: readonly string[], liveLocks: readonly string[], own: string): string[] {
  const live = new Set(liveLocks)
  return keys.filter(
    (key) => key !== own && (key === ANALYTICS.queueStorageKey || (key.startsWith(PREFIX) && !live.has(key))),
  )
}

export function startTabQueue(
  tabId: string,
  storage: ListableStore | undefined,
  locks: TabLocks | undefined = browserLocks(),
): TabQueue {
  if (!locks || !storage)
    return { key: ANALYTICS.queueStorageKey, adopt: () => Promise.resolve(), release: () => undefined }
  const key = `${PREFIX}${tabId}`
  let release: () => void = () => undefined
  locks.hold(key, new Promise<void>((resolve) => (release = resolve)))
  return {
    key,
    adopt: (take, cap) =>
      locks
        .withLock(ANALYTICS.adoptLockName, async () => {
          const orphans = orphanKeys(storedKeys(storage), await locks.names(), key)
          if (orphans.length === 0) return
          take(
            mergeQueues(
              orphans.map((orphan) => restoreQueue(storage, orphan, cap)),
              cap,
            ),
          )
          for (const orphan of orphans) storage.removeItem(orphan)
        })
        .catch(() => {
          // Storage or locks unavailable now: the next adoption tries again; nothing was removed.
        }),
    release: () => release(),
  }
}
