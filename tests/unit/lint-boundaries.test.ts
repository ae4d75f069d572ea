/**
 * The import rules of CONTRIBUTING.md bite: a file that crosses a boundary fails `npm run lint`.
 * Probe files are written into the tree for the linter (type-aware rules need real files) and removed.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { ESLint } from 'eslint'
import { afterAll, describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url)
const probes: string[] = []

async function lint(path: string, source: string): Promise<string[]> {
  const file = new URL(path, root)
  writeFileSync(file, source)
  probes.push(file.pathname)
  const [result] = await new ESLint({ cwd: root.pathname }).lintFiles([file.pathname])
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message)
}

afterAll(() => {
  for (const probe of probes) rmSync(probe, { force: true })
})

describe('import boundaries', () => {
  it('refuse a feature reaching into another feature, and accept its front door', async () => {
    const deep = await lint(
      'src/features/shell/boundary-probe.ts',
      "import { accountQueries } from '#/features/auth/account.queries.ts'\nexport const probe = accountQueries\n",
    )
    expect(deep).toEqual([expect.stringContaining('Use the auth feature through its front door')])
    const door = await lint(
      'src/features/shell/boundary-probe-door.ts',
      "import { accountQueries } from '#/features/auth/index.ts'\nexport const probe = accountQueries\n",
    )
    expect(door).toEqual([])
  }, 60_000)

  it('refuse the transport and the exchange outside their module, and features in lib', async () => {
    const transport = await lint(
      'src/features/markets/boundary-probe.ts',
      "import { createApiClient } from '#/exchange-client/api-client.ts'\nimport { Money } from '#/exchange/money.ts'\nexport const probe = [createApiClient, Money]\n",
    )
    expect(transport).toEqual([
      expect.stringContaining('Only src/exchange-client touches the transport'),
      expect.stringContaining('through src/exchange-client'),
    ])
    const lib = await lint(
      'src/lib/boundary-probe.ts',
      "import { siteQueries } from '#/features/shell/index.ts'\nexport const probe = siteQueries\n",
    )
    expect(lib).toEqual([expect.stringContaining('No feature knowledge here')])
  }, 60_000)
})
