/** drizzle-kit: `npm run db:generate` writes SQL migrations from the exchange's schema. */
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/exchange/db/schema.ts',
    './src/exchange/db/users-schema.ts',
    './src/exchange/db/market-schema.ts',
    './src/exchange/db/copy-schema.ts',
    './src/exchange/db/analytics-schema.ts',
    './src/exchange/db/trading-schema.ts',
    './src/exchange/db/engine-schema.ts',
  ],
  out: './src/exchange/db/migrations',
  strict: true,
})
