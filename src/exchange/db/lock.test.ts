/** The PGlite folder lock: one owner at a time, stale locks taken over. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquireFolderLock, FolderLockedError } from './lock.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tandem-lock-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('folder lock', () => {
  it('refuses a second open in this process until released', async () => {
    const folder = join(dir, 'pglite')
    const release = await acquireFolderLock(folder)
    expect(await readFile(`${folder}.lock`, 'utf8')).toBe(String(process.pid))
    await expect(acquireFolderLock(folder)).rejects.toBeInstanceOf(FolderLockedError)
    await release()
    const again = await acquireFolderLock(folder)
    await again()
  })

  it('refuses a folder held by another live process', async () => {
    const folder = join(dir, 'pglite')
    // The parent of this test process is alive and is not us.
    await writeFile(`${folder}.lock`, String(process.ppid))
    await expect(acquireFolderLock(folder)).rejects.toThrow(/in use by process/)
  })

  it('takes over a lock whose owner is gone', async () => {
    const folder = join(dir, 'pglite')
    await writeFile(`${folder}.lock`, '2147483646')
    const release = await acquireFolderLock(folder)
    expect(await readFile(`${folder}.lock`, 'utf8')).toBe(String(process.pid))
    await release()
  })
})
