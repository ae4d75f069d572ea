/**
 * A readable API reference generated from the OpenAPI document: every path and method with its
 * summary, request and responses, schemas as pretty JSON. Self-contained, no scripts.
 */
import { escapeHtml } from './html.ts'

type Json = unknown

function field(value: Json, key: string): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Reflect.get(value, key) : undefined
}

function entries(value: Json): Array<[string, Json]> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : []
}

function text(value: Json): string {
  return typeof value === 'string' ? value : ''
}

function pretty(value: Json): string {
  return `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`
}

const anchor = (method: string, path: string) => `op-${method}-${path.replace(/[^A-Za-z0-9]+/g, '-')}`

function schemaOf(content: Json): Json {
  return field(field(content, 'application/json'), 'schema')
}

function operation(method: string, path: string, op: Json): string {
  const parts = [
    `<h3 id="${escapeHtml(anchor(method, path))}"><span class="method ${escapeHtml(method)}">${escapeHtml(method)}</span> <code>${escapeHtml(path)}</code></h3>`,
    `<p><strong>${escapeHtml(text(field(op, 'summary')))}</strong></p>`,
  ]
  const description = text(field(op, 'description'))
  if (description) parts.push(`<p>${escapeHtml(description)}</p>`)
  parts.push(
    `<p class="muted">${field(op, 'security') ? 'Needs a session: Authorization: Bearer &lt;token&gt;' : 'Public'}</p>`,
  )
  const parameters = field(op, 'parameters')
  if (Array.isArray(parameters) && parameters.length > 0) parts.push('<h4>Query parameters</h4>', pretty(parameters))
  const body = schemaOf(field(field(op, 'requestBody'), 'content'))
  if (body !== undefined) parts.push('<h4>Request body (application/json)</h4>', pretty(body))
  for (const [status, response] of entries(field(op, 'responses'))) {
    parts.push(`<h4>${escapeHtml(status)}: ${escapeHtml(text(field(response, 'description')))}</h4>`)
    const schema = schemaOf(field(response, 'content'))
    if (schema !== undefined) parts.push(pretty(schema))
  }
  return parts.join('\n')
}

export function referenceHtml(document: Json): { title: string; body: string } {
  const info = field(document, 'info')
  const title = `${text(field(info, 'title'))} ${text(field(info, 'version'))}`.trim()
  const operations: Array<{ method: string; path: string; op: Json }> = []
  for (const [path, item] of entries(field(document, 'paths'))) {
    for (const [method, op] of entries(item)) operations.push({ method, path, op })
  }
  const index = operations
    .map(({ method, path, op }) => {
      const link = `<a href="#${escapeHtml(anchor(method, path))}"><span class="method ${escapeHtml(method)}">${escapeHtml(method)}</span> <code>${escapeHtml(path)}</code></a>`
      return `<li>${link} <span class="muted">${escapeHtml(text(field(op, 'summary')))}</span></li>`
    })
    .join('\n')
  const schemas = entries(field(field(document, 'components'), 'schemas'))
    .map(([name, schema]) => `<h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3>${pretty(schema)}`)
    .join('\n')
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(text(field(info, 'description')))}</p>`,
    '<p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>',
    `<nav><h2>Calls</h2><ul>${index}</ul></nav>`,
    '<h2>Reference</h2>',
    operations.map(({ method, path, op }) => operation(method, path, op)).join('\n'),
    '<h2>Schemas</h2>',
    schemas,
  ].join('\n')
  return { title, body }
}
