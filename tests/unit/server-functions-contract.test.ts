/**
 * Issue 28 item 2 (S1 4): every server function reads an exchange answer as what the route declares it to be. For each
 * `exchange.load` / `exchange.send` of the `*.functions.ts` files, the route it calls (method and path) is found among
 * the exchange's zod-openapi routes, samples of that route's 200 response schema are drawn, and the schema the server
 * function decodes with must read each one. A function that parses a list of orders as a position (the TP/SL save that
 * said "Something went wrong" although it worked) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as contract from '#/contract/index.ts'
import { createApp } from '#/exchange/http/app.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { functionFiles, pathMatches, serverFunctionCalls, WILDCARD } from '#tests/fixtures/server-function-calls.ts'
import { samplesOf } from '#tests/fixtures/zod-samples.ts'

interface DeclaredRoute {
  method: string
  path: string
  ok: z.ZodType | undefined
}

/** A route's JSON answer as zod-openapi keeps it: the zod schema it was declared with. */
const declaredAnswer = z.object({
  content: z.object({
    'application/json': z.object({ schema: z.custom<z.ZodType>((value) => value instanceof z.ZodType) }),
  }),
})

let h: Harness
let routes: DeclaredRoute[]
beforeAll(async () => {
  h = await startHarness()
  routes = createApp({ ...h.context, sandbox: true }).openAPIRegistry.definitions.flatMap((definition) => {
    if (definition.type !== 'route') return []
    const answer = declaredAnswer.safeParse(definition.route.responses[200])
    const schema = answer.success ? answer.data.content['application/json'].schema : undefined
    return [
      {
        method: definition.route.method.toUpperCase(),
        path: definition.route.path,
        ok: schema,
      },
    ]
  })
})
afterAll(() => h.close())

/** Calls of routes the API document does not declare yet, and why; each is checked to be still undeclared. */
const UNDECLARED: Record<string, string> = {
  'POST /dev/faucet': 'the sandbox faucet, a development route outside the API document',
  'GET /dev/faucet': 'whether the sandbox faucet has given today, beside it outside the API document',
  'GET /dev/inbox/messages': 'the sandbox inbox, a development route outside the API document',
}

const schemas = new Map<string, z.ZodType>()
for (const [name, value] of Object.entries(contract)) if (value instanceof z.ZodType) schemas.set(name, value)
const calls = serverFunctionCalls()

describe('server functions and the routes they call', () => {
  it('finds the calls of every server function file', () => {
    const files = new Set(calls.map((c) => c.at.split(':')[0]))
    // Files whose functions only end a session or hand out a socket ticket still call the exchange through load or send.
    expect(functionFiles().length).toBeGreaterThan(20)
    expect(files.size).toBeGreaterThan(20)
  })

  it.each(calls.map((call) => [`${call.at} ${call.methods.join('|')} ${call.paths.join(' | ')}`, call] as const))(
    '%s reads what the route answers',
    (_, call) => {
      const decoder = schemas.get(call.schema)
      if (!decoder) throw new Error(`${call.at}: ${call.schema} is not a schema of src/contract`)
      for (const method of call.methods) {
        for (const path of call.paths) {
          expect(path.startsWith('/'), `${call.at}: a path the test cannot read (${path.replaceAll(WILDCARD, '*')})`)
          const matching = routes.filter((r) => r.method === method && pathMatches(r.path, path))
          if (UNDECLARED[`${method} ${path}`]) {
            expect(matching, `${method} ${path} is declared now: check it here`).toEqual([])
            continue
          }
          expect(
            matching.map((r) => r.path),
            `${method} ${path.replaceAll(WILDCARD, '*')}`,
          ).toHaveLength(1)
          const route = matching[0]
          expect(route?.ok, `${method} ${route?.path} declares no JSON 200 answer`).toBeDefined()
          for (const sample of samplesOf(route?.ok ?? z.never())) {
            const read = z.safeParse(decoder, sample)
            expect(
              read.success,
              `${call.schema} cannot read ${method} ${route?.path}'s answer ${JSON.stringify(sample)}: ${read.error?.message}`,
            ).toBe(true)
          }
        }
      }
    },
  )
})
