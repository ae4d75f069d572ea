/**
 * Jobs that run at fixed engine times and must run once per time, across restarts (each pair's funding, profit share):
 * how far each has run is kept in engine_jobs and written in the transaction that does the work.
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

/**
 * `jobDoneThrough` with the job's row locked for this transaction (created at `start` when the job never ran): one
 * runner of the job at a time, whoever asks, and the times it finds due are the committed ones.
 */
export async function lockJob(tx: Tx, job: string, start: number): Promise<number> {
  await tx
    .insert(engineJobs)
    .values({ name: job, doneThrough: new Date(start) })
    .onConflictDoNothing()
  const [row] = await tx
    .select({ at: engineJobs.doneThrough })
    .from(engineJobs)
    .where(eq(engineJobs.name, job))
    .for('update')
  if (!row) throw new Error(`engine job ${job} not written`)
  return row.at.getTime()
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
