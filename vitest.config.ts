import { defineConfig } from 'vitest/config'
import viteReact from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'

export default defineConfig({
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), viteReact(), lingui()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'app.config.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // PGlite starts in a few seconds on an idle machine; a shared, busy one needs headroom.
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
})
