/**
 * Catalog completeness (part of npm test): the committed catalogs hold exactly the messages of the
 * source code, and every non-English catalog translates every one with the same placeholders.
 * Prints one line per check and a closing `N passed, N failed`.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_LOCALE, LOCALES } from '../app.config.ts'
import { placeholders, readPo } from './po.ts'

let passed = 0
let failed = 0
function check(name: string, problems: string[]) {
  if (problems.length === 0) {
    passed += 1
    console.log(`  ✓ ${name}`)
  } else {
    failed += 1
    console.log(`  ✗ ${name}`)
    for (const p of problems.slice(0, 20)) console.log(`      ${p}`)
    if (problems.length > 20) console.log(`      … and ${problems.length - 20} more`)
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'tandem-catalogs-'))
try {
  execFileSync(join('node_modules', '.bin', 'lingui'), ['extract', '--clean', '--locale', DEFAULT_LOCALE], {
    env: { ...process.env, LINGUI_CATALOG_ROOT: scratch },
    stdio: 'pipe',
  })
  const fresh = await readPo(join(scratch, DEFAULT_LOCALE, 'messages.po'))
  const source = await readPo(join('locales', DEFAULT_LOCALE, 'messages.po'))
  const freshKeys = new Set(fresh.map((e) => e.key))
  const sourceKeys = new Set(source.map((e) => e.key))
  check('source catalog is up to date with the code (run npm run i18n:extract)', [
    ...[...freshKeys].filter((k) => !sourceKeys.has(k)).map((k) => `missing: ${JSON.stringify(k)}`),
    ...[...sourceKeys].filter((k) => !freshKeys.has(k)).map((k) => `obsolete: ${JSON.stringify(k)}`),
  ])
  for (const { code } of LOCALES) {
    if (code === DEFAULT_LOCALE) continue
    const entries = await readPo(join('locales', code, 'messages.po'))
    const byKey = new Map(entries.map((e) => [e.key, e]))
    const problems: string[] = []
    for (const key of sourceKeys) {
      const entry = byKey.get(key)
      if (!entry) problems.push(`missing: ${JSON.stringify(key)}`)
      else if (entry.msgstr.trim() === '') problems.push(`untranslated: ${JSON.stringify(key)}`)
      else if (placeholders(entry.msgid).join() !== placeholders(entry.msgstr).join()) {
        problems.push(`placeholders differ: ${JSON.stringify(entry.msgstr)}`)
      }
    }
    for (const key of byKey.keys()) if (!sourceKeys.has(key)) problems.push(`obsolete: ${JSON.stringify(key)}`)
    check(`${code}: ${entries.length} messages translated`, problems)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
