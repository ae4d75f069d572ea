import { defineConfig } from 'vitest/config'
import viteReact from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { catalogAssets } from './src/features/i18n/catalog-assets-plugin.ts'

export default defineConfig({
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), viteReact(), lingui(), catalogAssets()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'app.config.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Property tests: a fixed seed here, a random one in `npm run test:props`.
    setupFiles: ['tests/fixtures/vitest-setup.ts'],
    // PGlite starts in a few seconds on an idle machine; a shared, busy one needs headroom.
    hookTimeout: 30_000,
    // A test that trades through PGlite (dozens of orders, each a transaction) takes seconds on a busy two-core machine:
    // 5 s (vitest's default) failed at random there (wash-trades' 20 round trips took 5.4 s once). A defect still fails.
    testTimeout: 30_000,
    // Both cores: vitest's default (cores − 1) ran one file at a time on the two-core machine, and most of a file's
    // wall time is importing and starting it (1,290 s with one worker, of which 519 s in tests).
    maxWorkers: 2,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
})
