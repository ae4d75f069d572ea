/**
 * Worker threads for the what-if replay, so a replay's CPU time is not the event loop's (pages,
 * sockets and PGlite share that one thread). Workers start on the first job and stay, one job at
 * a time each; jobs wait in order. Where a worker cannot start (a runtime that does not run .ts
 * files, a bundle without the worker file) the pool says so once and replays in-process instead,
 * one job per turn of the event loop — slower for everyone, but the call still answers.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { WHAT_IF } from '#/app.config.ts'
import type { Logger } from '../logger.ts'
import { fromWorkerSchema, runWhatIfJob, type WhatIfAnswer, type WhatIfJob } from './what-if-replay.ts'

export type ReplayRunner = (job: WhatIfJob) => Promise<WhatIfAnswer>

export interface ReplayPool {
  run: ReplayRunner
  /** Replay threads (1 when replays run in-process). */
  readonly size: number
  /** False once a worker failed to start and replays run in-process. */
  usesWorkers(): boolean
  close(): Promise<void>
}

/**
 * The cores less those kept for the event loop, within bounds. On 2 cores that is one worker: a
 * second would share the event loop's core, and pages would wait behind replays again.
 */
export function whatIfWorkerCount(cores: number = availableParallelism()): number {
  return Math.min(WHAT_IF.maxWorkers, Math.max(WHAT_IF.minWorkers, cores - WHAT_IF.coresForEventLoop))
}

interface Task {
  job: WhatIfJob
  resolve: (answer: WhatIfAnswer) => void
  reject: (error: unknown) => void
}

interface Slot {
  worker: Worker
  ready: boolean
  task: { id: number; task: Task } | undefined
}

const WORKER_URL = new URL('./what-if.worker.ts', import.meta.url)

export function createReplayPool(options: { size?: number; logger: Logger; workerUrl?: URL }): ReplayPool {
  const size = Math.max(1, options.size ?? whatIfWorkerCount())
  const workerUrl = options.workerUrl ?? WORKER_URL
  const queue: Task[] = []
  const slots: Slot[] = []
  let nextId = 0
  let closed = false
  /** Why workers are not used, once one failed to start. */
  let fallback: string | undefined
  let inProcessTurn = false

  const fallBackInProcess = (reason: string) => {
    if (fallback !== undefined) return
    fallback = reason
    options.logger.error(`[exchange] what-if replays run in-process: a worker thread did not start (${reason})`)
    for (const slot of slots.splice(0)) void slot.worker.terminate()
  }

  const settle = (slot: Slot, outcome: (task: Task) => void) => {
    const current = slot.task
    slot.task = undefined
    // An idle worker must not keep the process alive; a busy one must, or an awaited answer could be lost.
    slot.worker.unref()
    if (current) outcome(current.task)
  }

  const spawn = (): Slot | undefined => {
    let worker: Worker
    try {
      worker = new Worker(workerUrl, { name: 'what-if' })
    } catch (error) {
      fallBackInProcess(error instanceof Error ? error.message : String(error))
      return undefined
    }
    const slot: Slot = { worker, ready: false, task: undefined }
    let failure = ''
    worker.on('message', (message: unknown) => {
      const parsed = fromWorkerSchema.safeParse(message)
      if (!parsed.success) return
      const data = parsed.data
      if (data.type === 'ready') {
        slot.ready = true
        worker.unref()
      } else if (slot.task?.id === data.id) {
        if (data.type === 'answer') settle(slot, (task) => task.resolve(data.answer))
        else settle(slot, (task) => task.reject(new Error(`what-if replay failed: ${data.message}`)))
      }
      pump()
    })
    worker.on('error', (error) => {
      failure = error.message
    })
    worker.on('exit', (code) => {
      const index = slots.indexOf(slot)
      if (index !== -1) slots.splice(index, 1)
      // Stopped because the pool fell back: its job runs in-process instead of failing.
      if (!closed && fallback !== undefined && slot.task) queue.unshift(slot.task.task)
      else
        settle(slot, (task) =>
          task.reject(new Error(`what-if worker stopped (exit ${code}${failure ? `: ${failure}` : ''})`)),
        )
      if (closed) return
      if (!slot.ready) fallBackInProcess(failure || `exit ${code}`)
      pump()
    })
    return slot
  }

  const pumpInProcess = () => {
    if (inProcessTurn || queue.length === 0) return
    inProcessTurn = true
    // One replay per turn, so requests that arrived meanwhile are served between replays.
    setImmediate(() => {
      inProcessTurn = false
      const task = queue.shift()
      if (task) {
        try {
          task.resolve(runWhatIfJob(task.job))
        } catch (error) {
          task.reject(error)
        }
      }
      pump()
    })
  }

  function pump() {
    if (closed) return
    if (fallback !== undefined) return pumpInProcess()
    // Workers start with the first job, and a worker that stopped is replaced when there is work.
    while (queue.length > 0 && slots.length < size) {
      const slot = spawn()
      if (!slot) return pumpInProcess()
      slots.push(slot)
    }
    for (const slot of slots) {
      if (!slot.ready || slot.task) continue
      const task = queue.shift()
      if (!task) return
      nextId += 1
      slot.task = { id: nextId, task }
      slot.worker.ref()
      slot.worker.postMessage({ id: nextId, job: task.job })
    }
  }

  return {
    get size() {
      return fallback === undefined ? size : 1
    },
    run: (job) =>
      new Promise<WhatIfAnswer>((resolve, reject) => {
        if (closed) return reject(new Error('what-if pool closed'))
        queue.push({ job, resolve, reject })
        pump()
      }),
    usesWorkers: () => fallback === undefined,
    async close() {
      closed = true
      for (const task of queue.splice(0)) task.reject(new Error('what-if pool closed'))
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()))
    },
  }
}
