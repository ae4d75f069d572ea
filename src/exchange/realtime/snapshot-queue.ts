/**
 * The snapshot reads subscribes wait for, kept off the message path. A subscribe only queues its
 * waiter; reads run a few at a time; every waiter queued for a key before its read starts shares
 * that read (one read however many sockets ask), and a waiter withdrawn first (unsubscribe,
 * disconnect) costs nothing. A key has one read at a time: waiters who come while it runs get the
 * next one, so a snapshot is never older than the subscribe it answers.
 */
export type ReadOutcome<TResult> = { ok: true; value: TResult } | { ok: false; error: unknown }

export interface SnapshotQueue<TWaiter, TResult> {
  /** Queues a waiter for the key's next read (`read` serves the key if none is queued yet); returns its withdrawal. */
  add(key: string, waiter: TWaiter, read: () => Promise<TResult>): () => void
  /** Keys waiting for a read, and reads running. */
  stats(): { queued: number; running: number }
}

interface Entry<TWaiter, TResult> {
  read: () => Promise<TResult>
  waiters: Set<TWaiter>
}

export function createSnapshotQueue<TWaiter, TResult>(options: {
  concurrency: number
  /** Called once per read with the waiters still there when it ended. */
  deliver: (outcome: ReadOutcome<TResult>, waiters: readonly TWaiter[]) => void
}): SnapshotQueue<TWaiter, TResult> {
  /** Keys waiting for a read, oldest first. */
  const queued = new Map<string, Entry<TWaiter, TResult>>()
  const running = new Set<string>()

  let pumpScheduled = false

  function start(key: string, entry: Entry<TWaiter, TResult>) {
    running.add(key)
    // Through a promise, so a read that throws at once is a failed read, not a stuck key.
    Promise.resolve()
      .then(entry.read)
      .then(
        (value): ReadOutcome<TResult> => ({ ok: true, value }),
        (error: unknown): ReadOutcome<TResult> => ({ ok: false, error }),
      )
      .then((outcome) => {
        running.delete(key)
        schedulePump()
        if (entry.waiters.size > 0) options.deliver(outcome, [...entry.waiters])
      })
      // A delivery that throws loses its own replies, never the queue.
      .catch(() => undefined)
  }

  function pump() {
    pumpScheduled = false
    for (const [key, entry] of queued) {
      if (running.size >= options.concurrency) return
      if (running.has(key)) continue
      queued.delete(key)
      start(key, entry)
    }
  }

  /**
   * Reads start after the I/O of this turn of the event loop is handled: every socket's messages
   * read in it are in the queue first, so a subscribe undone in the same turn costs no read and
   * subscribes of one key from many sockets share one.
   */
  function schedulePump() {
    if (pumpScheduled) return
    pumpScheduled = true
    setImmediate(pump)
  }

  return {
    add(key, waiter, read) {
      let entry = queued.get(key)
      if (!entry) queued.set(key, (entry = { read, waiters: new Set() }))
      const own = entry
      own.waiters.add(waiter)
      schedulePump()
      return () => {
        own.waiters.delete(waiter)
        if (own.waiters.size === 0 && queued.get(key) === own) queued.delete(key)
      }
    },
    stats: () => ({ queued: queued.size, running: running.size }),
  }
}
