/** Where the exchange keeps its PGlite database inside DATA_DIR (the web server's embedded exchange uses the same). */
import { join } from 'node:path'

export function pgliteFolder(dataDir: string): string {
  return dataDir.startsWith('memory://') ? dataDir : join(dataDir, 'pglite')
}
