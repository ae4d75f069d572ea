/**
 * The reference exchange: `createExchange` opens the database (migrations applied, demo data
 * seeded when empty) and returns a fetch handler for paths without a base prefix.
 */
import { createDevMailer, type Mailer } from './accounts/mailer.ts'
import { createRateLimiters } from './accounts/rate-limits.ts'
import { ensureConfigDefaults } from './activity/global-config.ts'
import type { ExchangeContext, Logger } from './context.ts'
import { openDatabase } from './db/client.ts'
import { createApp } from './http/app.ts'
import { isEmpty, seedDemoData } from './seed.ts'

export type { Mailer, MailMessage, MailRecipient, InboxMessage } from './accounts/mailer.ts'
export { DEMO_USERS, type DemoUser } from './seed.ts'
export { FolderLockedError } from './db/lock.ts'

export interface ExchangeOptions {
  /** PostgreSQL connection URL; when set, PGlite is not used. */
  databaseUrl?: string
  /** PGlite folder; 'memory://' for in-memory (the default). */
  dataDir?: string
  /** Serve /dev/inbox and /dev/inbox.json (never in production). */
  devPages: boolean
  logger?: Logger
  now?: () => Date
  /** Seed demo data when the database has no users (default true). */
  seed?: boolean
  /** Delivery of verification codes; the default logs them and keeps them for /dev/inbox. */
  mailer?: Mailer
  /** Override the folder of SQL migrations (the committed src/exchange/db/migrations by default). */
  migrationsFolder?: string
}

export interface Exchange {
  fetch(request: Request): Promise<Response>
  close(): Promise<void>
}

export async function createExchange(options: ExchangeOptions): Promise<Exchange> {
  const { exchange } = await openExchange(options)
  return exchange
}

/** createExchange, plus the context it runs on (tests read the database through it). */
export async function openExchange(options: ExchangeOptions): Promise<{ exchange: Exchange; context: ExchangeContext }> {
  const logger = options.logger ?? console
  const now = options.now ?? (() => new Date())
  const database = await openDatabase(options)
  try {
    await ensureConfigDefaults(database.db)
    if ((options.seed ?? true) && (await isEmpty(database.db))) await seedDemoData(database.db, now())
  } catch (error) {
    await database.close()
    throw error
  }
  const devMailer = createDevMailer(logger, now)
  const context: ExchangeContext = {
    db: database.db,
    now,
    logger,
    mailer: options.mailer ?? devMailer,
    inbox: options.mailer ? undefined : devMailer,
    limiters: createRateLimiters(),
    devPages: options.devPages,
  }
  const app = createApp(context)
  let closing: Promise<void> | undefined
  const exchange: Exchange = {
    fetch: async (request) => app.fetch(request),
    close: () => (closing ??= database.close()),
  }
  return { exchange, context }
}

export { pgliteFolder } from './paths.ts'
