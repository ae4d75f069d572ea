/**
 * PGlite has no lock file, and two processes writing one folder corrupt it. A `<folder>.lock` file
 * holding the owner's pid makes the second process stop with a clear message instead; a lock left by
 * a process that no longer exists (after SIGKILL) is taken over.
 */
import { open, readFile, rm } from 'node:fs/promises'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code
}

/** Folders this process holds: a second open from the same process is refused too. */
const held = new Set<string>()

export class FolderLockedError extends Error {
  override name = 'FolderLockedError'
}

export async function acquireFolderLock(folder: string): Promise<() => Promise<void>> {
  const path = `${folder}.lock`
  if (held.has(path)) throw new FolderLockedError(`The database folder ${folder} is already open in this process.`)
  // Claimed before the first await, so two opens racing inside this process cannot both pass.
  held.add(path)
  try {
    await writeLockFile(path, folder)
  } catch (error) {
    held.delete(path)
    throw error
  }
  return async () => {
    held.delete(path)
    await rm(path, { force: true })
  }
}

async function writeLockFile(path: string, folder: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx')
      await handle.writeFile(String(process.pid))
      await handle.close()
      return
    } catch (error) {
      if (!hasCode(error, 'EEXIST')) throw error
      const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10)
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new FolderLockedError(
          `The database folder ${folder} is in use by process ${owner}. Exactly one process may open it: ` +
            `stop the other one, or give this one another DATA_DIR or a DATABASE_URL (delete ${path} if no process uses it).`,
        )
      }
      // Stale: its owner is gone, or it carries our pid while we do not hold it (a crashed earlier
      // run whose pid was reused, common in containers).
      await rm(path, { force: true })
    }
  }
  throw new FolderLockedError(`Could not lock the database folder ${folder}`)
}
