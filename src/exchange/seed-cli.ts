/** `npm run seed`: opens the configured database, applies migrations, writes the demo data (idempotent), exits. */
import { ConfigError, loadConfig } from '#/app.config.ts'
import { openDatabase } from './db/client.ts'
import { FolderLockedError } from './db/lock.ts'
import { pgliteFolder } from './paths.ts'
import { DEMO_USERS, seedDemoData } from './seed.ts'

try {
  const config = loadConfig(process.env)
  const database = await openDatabase({
    databaseUrl: config.database.url,
    dataDir: pgliteFolder(config.database.dataDir),
  })
  try {
    await seedDemoData(database.db, new Date())
  } finally {
    await database.close()
  }
  console.log(`Seeded ${config.database.url ? 'PostgreSQL' : pgliteFolder(config.database.dataDir)}. Demo accounts:`)
  for (const user of DEMO_USERS) console.log(`  ${user.account} / ${user.password}`)
} catch (error) {
  // Expected refusals get their message alone; anything else keeps its stack.
  console.error(error instanceof ConfigError || error instanceof FolderLockedError ? error.message : error)
  process.exitCode = 1
}
