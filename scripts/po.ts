/** A small reader for the PO catalogs Lingui writes (one entry per blank-line-separated block). */
import { readFile } from 'node:fs/promises'

export interface PoEntry {
  key: string
  msgid: string
  msgstr: string
}

function unquote(line: string): string {
  const value: unknown = JSON.parse(line.slice(line.indexOf('"')))
  return typeof value === 'string' ? value : ''
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = []
  for (const block of text.split(/\n\s*\n/)) {
    const fields: Record<string, string> = {}
    let current: string | undefined
    for (const line of block.split('\n')) {
      const match = /^(msgctxt|msgid|msgstr) /.exec(line)
      if (match?.[1]) {
        current = match[1]
        fields[current] = unquote(line)
      } else if (line.startsWith('"') && current) {
        fields[current] = (fields[current] ?? '') + unquote(line)
      }
    }
    if (fields.msgid === undefined || fields.msgid === '') continue
    const key = fields.msgctxt ? `${fields.msgctxt}\u0004${fields.msgid}` : fields.msgid
    entries.push({ key, msgid: fields.msgid, msgstr: fields.msgstr ?? '' })
  }
  return entries
}

export async function readPo(path: string): Promise<PoEntry[]> {
  return parsePo(await readFile(path, 'utf8'))
}

/** Placeholders such as {name} of a message, sorted. */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] ?? '').sort()
}
