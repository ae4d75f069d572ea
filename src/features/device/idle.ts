/**
 * Runs work when the browser is idle, at the latest after `timeoutMs` (setTimeout where requestIdleCallback is
 * missing).
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(work, timeoutMs)
  return () => clearTimeout(handle)
}
