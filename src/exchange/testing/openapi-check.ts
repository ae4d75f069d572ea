/**
 * Checks responses against the served OpenAPI document itself (not the zod schemas it was made
 * from): each response schema is turned back into a validator with zod's JSON Schema reader, with
 * the document's components as `$defs`.
 */
import { z } from 'zod'

const documentSchema = z.object({
  openapi: z.string(),
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        responses: z.record(
          z.string(),
          z.object({ content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })).optional() }),
        ),
      }),
    ),
  ),
  components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
})

const jsonObject = z.record(z.string(), z.unknown())

/** Objects with listed properties get `additionalProperties: false`, so an undocumented field fails too. */
function closeObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closeObjects)
  if (typeof value !== 'object' || value === null) return value
  const copy = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, closeObjects(inner)]))
  if ('properties' in copy && !('additionalProperties' in copy)) copy.additionalProperties = false
  return copy
}

function toDefs(value: unknown): Record<string, unknown> {
  const rewritten: unknown = JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/'))
  return jsonObject.parse(closeObjects(rewritten))
}

export interface OpenApiCheck {
  paths: string[]
  operations: Array<{ path: string; method: string; statuses: string[] }>
  /** Throws with the issues when the body does not match the documented response. */
  assertResponse(path: string, method: string, status: number, body: unknown): void
}

export function openApiCheck(document: unknown): OpenApiCheck {
  const doc = documentSchema.parse(document)
  const defs = z.record(z.string(), jsonObject).parse(toDefs(doc.components.schemas))
  const cache = new Map<string, z.ZodType>()
  const validator = (path: string, method: string, status: number) => {
    const key = `${method} ${path} ${status}`
    const cached = cache.get(key)
    if (cached) return cached
    const schema = doc.paths[path]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema
    if (!schema) throw new Error(`the document has no JSON response ${status} for ${method.toUpperCase()} ${path}`)
    const built = z.fromJSONSchema({ ...toDefs(schema), $defs: defs })
    cache.set(key, built)
    return built
  }
  return {
    paths: Object.keys(doc.paths),
    operations: Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, statuses: Object.keys(op.responses) })),
    ),
    assertResponse(path, method, status, body) {
      const result = validator(path, method, status).safeParse(body)
      if (!result.success) {
        throw new Error(`${method.toUpperCase()} ${path} ${status} does not match the document: ${JSON.stringify(result.error.issues)}`)
      }
    },
  }
}
