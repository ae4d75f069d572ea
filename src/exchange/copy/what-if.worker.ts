/** A what-if replay thread, started by what-if-pool.ts: answers each job it is sent, one at a time. */
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { WHAT_IF } from '#/app.config.ts'
import { runWhatIfJob, toWorkerSchema, type FromWorker } from './what-if-replay.ts'

const port = parentPort
if (!port) throw new Error('what-if.worker.ts runs as a worker thread (what-if-pool.ts starts it)')
const send = (message: FromWorker) => port.postMessage(message)

/**
 * Replays are background work: where a core is contended (the event loop's, another process's),
 * the scheduler should run the other first. Linux keeps a nice value per thread, reached by the
 * thread's id (/proc/thread-self); elsewhere the thread keeps its priority.
 */
function lowerPriority() {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').at(-1)), WHAT_IF.workerNice)
  } catch {
    // Not Linux, or not allowed: replays still run, at normal priority.
  }
}

lowerPriority()
port.on('message', (message: unknown) => {
  const { id, job } = toWorkerSchema.parse(message)
  try {
    send({ type: 'answer', id, answer: runWhatIfJob(job) })
  } catch (error) {
    send({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) })
  }
})
// Sent once the engine's modules are loaded: until then the pool cannot tell a slow start from one that fails.
send({ type: 'ready' })
