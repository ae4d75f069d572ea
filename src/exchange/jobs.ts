/**
 * Jobs that run at fixed engine times and must run once per time, across restarts (funding, profit share): how far
 * each has run is kept in engine_jobs and written in the transaction that does the work.
 */
import { eq, sql } from 'drizzle-orm'
import type { Tx } from './copy/store.ts'
import { engineJobs } from './db/engine-schema.ts'

/** The last time `job` ran through; a job never run before starts at `start` (nothing before it is owed). */
export async function jobDoneThrough(db: Tx, job: string, start: number): Promise<number> {
  const [row] = await db.select({ at: engineJobs.doneThrough }).from(engineJobs).where(eq(engineJobs.name, job))
  if (row) return row.at.getTime()
  await markJobDone(db, job, new Date(start))
  return start
}

/** Records that `job` ran through `at` (never moving it back). */
export async function markJobDone(tx: Tx, job: string, at: Date): Promise<void> {
  await tx
    .insert(engineJobs)
    .values({ name: job, doneThrough: at })
    .onConflictDoUpdate({
      target: engineJobs.name,
      set: { doneThrough: sql`greatest(${engineJobs.doneThrough}, excluded.done_through)` },
    })
}
