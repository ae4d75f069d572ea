import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'
import { LOCALES, DEFAULT_LOCALE } from './app.config.ts'

// LINGUI_CATALOG_ROOT lets the catalog check extract into a scratch folder and compare.
const root = process.env.LINGUI_CATALOG_ROOT ?? '<rootDir>/locales'

export default defineConfig({
  sourceLocale: DEFAULT_LOCALE,
  locales: LOCALES.map((l) => l.code),
  fallbackLocales: { default: DEFAULT_LOCALE },
  catalogs: [
    { path: `${root}/{locale}/messages`, include: ['<rootDir>/src'], exclude: ['**/*.test.*', '**/routeTree.gen.ts'] },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
})
