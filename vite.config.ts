import { defineConfig } from 'vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { devServer } from './src/server/dev-server.ts'
import { catalogAssets } from './src/features/i18n/catalog-assets-plugin.ts'

export default defineConfig({
  server: { port: 3000 },
  plugins: [
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
