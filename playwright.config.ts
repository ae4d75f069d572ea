import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3210)
export const baseURL = `http://127.0.0.1:${PORT}`
/** The e2e server's market seed (MARKET_SEED): tests/e2e/prerendered.spec.ts checks that nothing served carries it. */
export const E2E_MARKET_SEED = 'e22232df6017fd98fdc94e285bc8904539935f15b9c7d5c924ff664670505042'

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A two-core machine runs the server, its engine at 30× and two browsers: pages take seconds to load and hydrate
  // under the suite's load, so a step may wait up to 10 s and a test may take a minute.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node src/server/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // NODE_ENV=test: production build, development inbox on (codes are read from it), fresh in-memory database.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: baseURL,
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      TRUST_PROXY: 'true',
      EXCHANGE_BACKFILL_DAYS: '30',
      EXCHANGE_CLOCK_SPEED: '30',
      MARKET_SEED: E2E_MARKET_SEED,
      // The help-desk entry's address (tests/e2e/help-links.spec.ts); the help centre stays on this origin.
      HELP_DESK_URL: 'https://desk.tandem.example/chat',
    },
  },
})
