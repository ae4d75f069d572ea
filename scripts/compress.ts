/**
 * Writes .br and .gz beside every compressible file of dist/client (and the other folders named), so the server never compresses
 * static files per request. Small files too (a page loads many small chunks), but a copy is kept
 * only when it is smaller than the file: the server then sends the file as it is.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|ico|webmanifest|map)$/
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (COMPRESSIBLE.test(entry.name)) yield path
  }
}

const roots = process.argv.length > 2 ? process.argv.slice(2) : ['dist/client']
let count = 0
let before = 0
let after = 0
for (const root of roots)
  for await (const path of files(root)) {
    const { size } = await stat(path)
    const data = await readFile(path)
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
      }),
      gzip(data, { level: 9 }),
    ])
    if (br.length < size) await writeFile(`${path}.br`, br)
    if (gz.length < size) await writeFile(`${path}.gz`, gz)
    if (br.length >= size && gz.length >= size) continue
    count += 1
    before += size
    after += Math.min(br.length, size)
  }
console.log(`compressed ${count} files: ${(before / 1024).toFixed(1)} kB → ${(after / 1024).toFixed(1)} kB brotli`)
