import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import lingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import tseslint from 'typescript-eslint'

const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
/** A feature's insides: anything but its front doors. */
const insidesOf = (feature) => `./src/features/${feature}/**/!(index|index.server).{ts,tsx}`
const WEB = ['./src/routes', './src/features', './src/ui', './src/lib', './src/exchange-client']

function boundaryZones() {
  const door = 'through its front door (index.ts)'
  return [
    ...FEATURES.map((feature) => ({
      target: `./src/features/!(${feature})/**`,
      from: insidesOf(feature),
      message: `Use the ${feature} feature ${door}.`,
    })),
    ...FEATURES.map((feature) => ({
      target: './src/routes/**',
      from: insidesOf(feature),
      message: `Routes use the ${feature} feature ${door}.`,
    })),
    {
      target: ['./src/ui', './src/lib', './src/exchange-client'],
      from: './src/features',
      message: 'No feature knowledge here.',
    },
    {
      target: ['./src/routes', './src/features', './src/ui', './src/lib'],
      from: './src/exchange-client/!(index).ts',
      message: 'Only src/exchange-client touches the transport: use its index.ts.',
    },
    ...WEB.map((target) => ({
      target,
      from: './src/exchange',
      message: 'The web app reaches the exchange through src/exchange-client.',
    })),
    { target: './src/exchange', from: [...WEB, './src/server'], message: 'The exchange never imports the web app.' },
    { target: './src', from: './tests', message: 'Only test files reach tests/.' },
  ]
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'src/routeTree.gen.ts',
      'test-results/',
      'playwright-report/',
      '.data/',
      '*.tmp.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...pluginRouter.configs['flat/recommended'],
  ...pluginQuery.configs['flat/recommended'],
  lingui.configs['flat/recommended'],
  {
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Route guards and loaders throw TanStack redirect/notFound objects by design.
      '@typescript-eslint/only-throw-error': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    // No import loops, longer ones included: a loop makes module start-up order matter. The resolver reads
    // tsconfig.json and package.json "imports", so #/ and #tests/ paths are followed like relative ones.
    // Type-only imports are not followed (erased at run time).
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json` })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // The boundaries of ARCHITECTURE.md and CONTRIBUTING.md ("Import rules"). Test files may reach inside
    // what they test; src/server, src/start.ts and src/router.tsx wire the app and are not targets.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones() }] },
  },
  {
    // Tests, scripts and tooling carry no user-facing text.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'tests/**',
      'scripts/**',
      '*.config.ts',
      'app.config.ts',
      'src/server/**',
      '**/*.server.ts',
    ],
    rules: { 'lingui/no-unlocalized-strings': 'off' },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
)
