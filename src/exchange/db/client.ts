/**
 * Opens the exchange's database and applies the committed migrations: PostgreSQL when a URL is
 * given (node-postgres), otherwise PGlite in a folder or in memory. Both are driven through the
 * same Drizzle query builder, typed as the common PgDatabase.
 */
import { mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { DATABASE } from '#/app.config.ts'
import { acquireFolderLock } from './lock.ts'

export type Database = PgDatabase<PgQueryResultHKT>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

export interface DatabaseOptions {
  databaseUrl?: string
  /** PGlite folder, or 'memory://'. */
  dataDir?: string
  migrationsFolder?: string
  /**
   * An in-memory PGlite starts from this data folder (a `pgliteTemplate`) instead of an empty cluster: initdb, the
   * slowest part of opening one (3 to 4 s here), is skipped. The migrations still run, and do nothing it already has.
   */
  template?: Blob
}

export const MEMORY = 'memory://'
export const DEFAULT_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))
/** An arbitrary constant naming the migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK_KEY = 7_261_001
/** Enough for a single exchange process; PostgreSQL's default max_connections is 100. */
const POOL_SIZE = 10

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrationsFolder)
  return openPglite(options.dataDir ?? MEMORY, migrationsFolder, options.template)
}

/** A migrated, empty in-memory database's data folder as a tarball: what `DatabaseOptions.template` takes. */
export async function pgliteTemplate(migrationsFolder = DEFAULT_MIGRATIONS_FOLDER): Promise<Blob> {
  const client = await PGlite.create(MEMORY)
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder })
    return await client.dumpDataDir('none')
  } finally {
    await client.close()
  }
}

async function openPostgres(url: string, migrationsFolder: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE })
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined)
  try {
    const db = drizzlePg({ client: pool })
    // Several exchange processes may start at once against one database: one migrates at a time.
    const lock = await pool.connect()
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      await migratePg(db, { migrationsFolder })
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined)
      lock.release()
    }
    return { db, kind: 'postgres', close: () => pool.end() }
  } catch (error) {
    await pool.end()
    throw error
  }
}

/**
 * PGlite runs in this thread and answers without waiting for I/O, so a chain of awaited queries (the engine's minute,
 * the hourly statistics) never lets the event loop take a request: pages and `/healthz` stalled for seconds. Before a
 * query, once DATABASE.pgliteSliceMs of this thread's time have passed since the loop last turned, this waits one
 * turn (setImmediate), so requests interleave with long work. Every query still runs whole and in order.
 */
function shareTheEventLoop(client: PGlite) {
  const run = client.execProtocolStream.bind(client)
  let turned = performance.now()
  client.execProtocolStream = async (message, options) => {
    if (performance.now() - turned >= DATABASE.pgliteSliceMs) {
      await new Promise((resolve) => setImmediate(resolve))
      turned = performance.now()
    }
    return run(message, options)
  }
}

async function openPglite(dataDir: string, migrationsFolder: string, template?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith(MEMORY)
  let release = async () => {}
  if (!inMemory) {
    const folder = resolve(dataDir)
    // PGlite creates its own folder but not the parents (ENOENT otherwise).
    await mkdir(dirname(folder), { recursive: true })
    release = await acquireFolderLock(folder)
  }
  try {
    const client = await (inMemory && template
      ? PGlite.create({ loadDataDir: template })
      : PGlite.create(inMemory ? dataDir : resolve(dataDir)))
    shareTheEventLoop(client)
    const db = drizzlePglite({ client })
    try {
      await migratePglite(db, { migrationsFolder })
    } catch (error) {
      await client.close()
      throw error
    }
    return {
      db,
      kind: 'pglite',
      async close() {
        await client.close()
        await release()
      },
    }
  } catch (error) {
    await release()
    throw error
  }
}
