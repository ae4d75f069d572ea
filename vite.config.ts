import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { defineConfig, type Plugin } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { devServer } from './src/server/dev-server.ts'
import { catalogAssets } from './src/features/i18n/catalog-assets-plugin.ts'

/**
 * §7: every build gets a new id; prerendered payloads are asked for with it (src/features/prerender).
 * `vite build` evaluates this file once per environment (client, server): the id is kept in the
 * process's environment so both bundles and dist/build-id carry the same one.
 */
const BUILD_ID = (process.env.TANDEM_BUILD_ID ||= randomBytes(8).toString('hex'))

/** Writes the id beside the build, where the server (src/server/prerendered.ts) and the prerender script read it. */
function buildIdFile(): Plugin {
  return {
    name: 'tandem:build-id',
    apply: 'build',
    closeBundle() {
      mkdirSync('dist', { recursive: true })
      writeFileSync('dist/build-id', BUILD_ID)
    },
  }
}

export default defineConfig({
  server: { port: 3000 },
  define: { 'import.meta.env.BUILD_ID': JSON.stringify(BUILD_ID) },
  plugins: [
    buildIdFile(),
    devServer(),
    tanstackStart({
      router: { routeFileIgnorePattern: '\\.test\\.' },
    }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    viteReact(),
    lingui(),
    catalogAssets(),
    tailwindcss(),
  ],
})
