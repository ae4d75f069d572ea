/**
 * `npm test`: every check, in order, then one closing line `N passed, N failed` summing them all.
 * Typecheck, lint, build and each catalog are one check each; unit and e2e suites count their tests.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
let passed = 0
let failed = 0
let skipped = 0
const flaky: string[] = []
const summary: string[] = []
/** When the step being run started: each summary line ends with its wall time. */
let started = performance.now()

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): { ok: boolean; output: string } {
  started = performance.now()
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  process.stdout.write(result.stdout ?? '')
  return { ok: result.status === 0, output: result.stdout ?? '' }
}

function record(step: string, p: number, f: number, s = 0) {
  passed += p
  failed += f
  skipped += s
  const wall = `${((performance.now() - started) / 1000).toFixed(0)} s`
  summary.push(`${f === 0 ? '✓' : '✗'} ${step}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''} (${wall})`)
}

function single(step: string, command: string, args: string[]) {
  console.log(`\n▶ ${step}`)
  const { ok } = run(command, args)
  record(step, ok ? 1 : 0, ok ? 0 : 1)
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

function numberAt(value: unknown, ...keys: string[]): number {
  let node: unknown = value
  for (const key of keys) node = typeof node === 'object' && node !== null ? Reflect.get(node, key) : undefined
  return typeof node === 'number' ? node : 0
}

/** The e2e tests that failed first and passed on their retry: each one is a defect to fix, so the summary names them. */
function flakyTests(report: unknown): string[] {
  const names: string[] = []
  const walk = (suite: unknown, path: string[]) => {
    if (typeof suite !== 'object' || suite === null) return
    const title: unknown = Reflect.get(suite, 'title')
    const here = typeof title === 'string' && title !== '' && !title.endsWith('.ts') ? [...path, title] : path
    const file: unknown = Reflect.get(suite, 'file')
    for (const spec of asArray(Reflect.get(suite, 'specs'))) {
      const specTitle = String(Reflect.get(spec, 'title'))
      for (const test of asArray(Reflect.get(spec, 'tests'))) {
        if (Reflect.get(test, 'status') === 'flaky') names.push(`${String(file)}: ${[...here, specTitle].join(' › ')}`)
      }
    }
    for (const child of asArray(Reflect.get(suite, 'suites'))) walk(child, here)
  }
  for (const suite of asArray(Reflect.get(Object(report), 'suites'))) walk(suite, [])
  return names
}

function asArray(value: unknown): object[] {
  return Array.isArray(value) ? value.filter((item): item is object => typeof item === 'object' && item !== null) : []
}

function ensureChromium(): boolean {
  if (existsSync(CHROMIUM)) return true
  const isRoot = process.getuid?.() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!isRoot || !hasApt) {
    console.error(
      `\nChromium is needed for the end-to-end tests and was not found at ${CHROMIUM}.\n` +
        'Install it with:  sudo apt-get install -y chromium fonts-noto-cjk\n' +
        '(or point CHROMIUM_PATH at a Chromium binary), then run npm test again.',
    )
    return false
  }
  console.log('\n▶ installing chromium and fonts-noto-cjk with apt-get')
  const apt = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: apt })
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env: apt })
  return existsSync(CHROMIUM)
}

const tsc = 'node_modules/tsc7/bin/tsc'
single('typecheck', process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'])
single('lint', 'node_modules/.bin/eslint', ['--max-warnings', '0', '.'])
single('format', 'node_modules/.bin/prettier', ['--check', '--log-level', 'warn', '.'])

console.log('\n▶ unit and component tests')
rmSync('test-results/vitest.json', { force: true })
run('node_modules/.bin/vitest', ['run'])
const unit = readJson('test-results/vitest.json')
record(
  'unit',
  numberAt(unit, 'numPassedTests'),
  numberAt(unit, 'numFailedTests') + (unit === undefined ? 1 : 0),
  numberAt(unit, 'numPendingTests'),
)

console.log('\n▶ catalogs')
const catalogs = run(process.execPath, ['scripts/check-catalogs.ts'])
const counts = /(\d+) passed, (\d+) failed/.exec(catalogs.output)
record('catalogs', Number(counts?.[1] ?? 0), counts ? Number(counts[2]) : 1)

single('build', 'npm', ['run', '--silent', 'build'])
const build = { ok: summary.at(-1)?.startsWith('✓') ?? false }

if (!build.ok) {
  record('e2e', 0, 1)
} else if (!ensureChromium()) {
  record('e2e (chromium missing)', 0, 1)
} else {
  console.log('\n▶ end-to-end (Playwright, Chromium)')
  rmSync('test-results/playwright.json', { force: true })
  run('node_modules/.bin/playwright', ['test'], { CHROMIUM_PATH: CHROMIUM })
  const e2e = readJson('test-results/playwright.json')
  record(
    'e2e',
    numberAt(e2e, 'stats', 'expected') + numberAt(e2e, 'stats', 'flaky'),
    numberAt(e2e, 'stats', 'unexpected') + (e2e === undefined ? 1 : 0),
    numberAt(e2e, 'stats', 'skipped'),
  )
  flaky.push(...flakyTests(e2e))
}

console.log(`\n${summary.join('\n')}\n`)
if (flaky.length > 0)
  console.log(`flaky: ${flaky.length} (passed only on retry)\n${flaky.map((name) => `  ${name}`).join('\n')}\n`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed === 0 ? 0 : 1)
