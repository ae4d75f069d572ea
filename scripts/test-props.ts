/**
 * `npm run test:props`: the random soak of every property test — a fresh random seed for each
 * property and 100× its runs (tests/fixtures/properties.ts). Not part of `npm test`, whose fixed
 * seed keeps CI reproducible. A failure prints `{ seed, path }`: replay it, then add the
 * counterexample as a fixed case beside the property.
 */
import { spawnSync } from 'node:child_process'
import { globSync, readFileSync } from 'node:fs'

const files = globSync('{src,tests,scripts}/**/*.test.{ts,tsx}').filter((file) =>
  readFileSync(file, 'utf8').includes('fc.assert('),
)
console.log(
  `Soaking ${files.length} files of property tests with random seeds:\n${files.map((f) => `  ${f}`).join('\n')}`,
)
const result = spawnSync('node_modules/.bin/vitest', ['run', '--testTimeout', '0', ...files], {
  stdio: 'inherit',
  env: { ...process.env, PROPS_SOAK: '1' },
})
process.exit(result.status ?? 1)
