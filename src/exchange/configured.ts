/** Opens the exchange the way every entry point does: from the validated configuration. */
import { MARKET, type ServerConfig } from '#/app.config.ts'
import { engineClock } from './clock.ts'
import { createExchange, createSmtpMailer, FolderLockedError, type Exchange } from './index.ts'
import { pgliteFolder } from './paths.ts'

/** A folder another process holds stops start-up with a clear message (two writers corrupt PGlite). */
export function openConfiguredExchange(
  config: ServerConfig,
  dataDir: string = config.database.dataDir,
): Promise<Exchange> {
  return createExchange({
    databaseUrl: config.database.url,
    dataDir: pgliteFolder(dataDir),
    devPages: config.devPages,
    sandbox: config.sandbox,
    mailer:
      config.mail.smtpUrl === undefined
        ? undefined
        : createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from, logger: console }),
    logger: console,
    now: engineClock(config.clockSpeed),
    wallNow: () => new Date(),
    market: { backfillDays: config.backfillDays, minuteHistoryDays: MARKET.minuteHistoryDays },
    runEngine: true,
    redisUrl: config.redisUrl,
    allowedOrigins: config.wsAllowedOrigins,
    verificationSecret: config.verificationSecret,
    marketSeed: config.marketSeed,
  }).catch((error: unknown) => {
    if (!(error instanceof FolderLockedError)) throw error
    console.error(
      `${error.message}\nAnother Tandem process owns this data folder: stop it, or give this one another DATA_DIR.`,
    )
    process.exit(1)
  })
}
