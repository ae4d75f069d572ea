/** drizzle-kit: `npm run db:generate` writes SQL migrations from the exchange's schema. */
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/exchange/db/schema.ts',
  out: './src/exchange/db/migrations',
  strict: true,
})
