import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import lingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'src/routeTree.gen.ts', 'test-results/', 'playwright-report/', '.data/', '*.tmp.*'] },
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
    // Tests, scripts and tooling carry no user-facing text.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'scripts/**', '*.config.ts', 'app.config.ts', 'src/server/**', '**/*.server.ts'],
    rules: { 'lingui/no-unlocalized-strings': 'off' },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
)
