/**
 * Failure isolation for the engine's loops: each item (a book, a position, a cross account, a bot's order, a copy, a
 * job) runs through `isolate`, so one that throws is recorded as an incident with its cause, logged, and left for the
 * next tick to retry, while the loop goes on with the rest. An incident stays open while its item keeps failing and is
 * resolved the next time the item succeeds. `/healthz` says `degraded` with the count of open incidents (the process
 * still answers 200: one stuck book must not take it out of a load balancer).
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from './db/client.ts'
import { incidents } from './db/engine-schema.ts'
import type { Logger } from './logger.ts'

/** Longest cause kept: enough for an error's name and message, never a whole stack. */
const CAUSE_CHARS = 500

export interface Incidents {
  /**
   * Runs one item's work: its value, or undefined when it threw (the failure recorded as an incident of `kind` and
   * `subject`, e.g. 'book' and 'futures:ETH_USDT'). Never throws.
   */
  isolate<T>(kind: string, subject: string, work: () => Promise<T>): Promise<T | undefined>
  /**
   * Records a failure that was handled where it happened (outside any transaction: PGlite runs one at a time), or with
   * `error` undefined a success that resolves the item's open incident.
   */
  note(kind: string, subject: string, error?: unknown): Promise<void>
  /** Open incidents now. */
  open(): Promise<number>
}

export function causeOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return text.slice(0, CAUSE_CHARS)
}

export function createIncidents(db: Database, wallNow: () => Date, logger: Logger): Incidents {
  // Items with an open incident, so a success writes nothing unless it resolves one (read at start, kept here).
  let known: Promise<Set<string>> | undefined
  const keyOf = (kind: string, subject: string) => `${kind}\u0000${subject}`
  const openKeys = () =>
    (known ??= db
      .select({ kind: incidents.kind, subject: incidents.subject })
      .from(incidents)
      .where(isNull(incidents.resolvedAt))
      .then((rows) => new Set(rows.map((row) => keyOf(row.kind, row.subject)))))

  async function record(kind: string, subject: string, error: unknown) {
    const at = wallNow()
    const cause = causeOf(error)
    await db.execute(sql`
      insert into ${incidents} (kind, subject, cause, first_at, last_at)
      values (${kind}, ${subject}, ${cause}, ${at.toISOString()}, ${at.toISOString()})
      on conflict (kind, subject) where resolved_at is null
      do update set cause = excluded.cause, last_at = excluded.last_at, failures = ${incidents.failures} + 1`)
    ;(await openKeys()).add(keyOf(kind, subject))
  }

  async function resolve(kind: string, subject: string) {
    const open = await openKeys()
    const key = keyOf(kind, subject)
    if (!open.has(key)) return
    await db
      .update(incidents)
      .set({ resolvedAt: wallNow() })
      .where(and(eq(incidents.kind, kind), eq(incidents.subject, subject), isNull(incidents.resolvedAt)))
    open.delete(key)
  }

  async function note(kind: string, subject: string, error?: unknown) {
    if (error === undefined) {
      await resolve(kind, subject).catch((failure: unknown) => logger.error('[engine] incident not resolved', failure))
      return
    }
    logger.error(`[engine] ${kind} ${subject} failed`, error)
    await record(kind, subject, error).catch((failure: unknown) =>
      logger.error('[engine] incident not recorded', failure),
    )
  }

  return {
    async isolate(kind, subject, work) {
      let value: Awaited<ReturnType<typeof work>>
      try {
        value = await work()
      } catch (error) {
        await note(kind, subject, error ?? new Error('undefined thrown'))
        return undefined
      }
      await note(kind, subject)
      return value
    },
    note,
    async open() {
      const [row] = await db.select({ n: count() }).from(incidents).where(isNull(incidents.resolvedAt))
      return row?.n ?? 0
    },
  }
}
