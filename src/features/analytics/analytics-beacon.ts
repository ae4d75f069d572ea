/**
 * navigator.sendBeacon for a batch: it delivers even as the page goes away. Used by the machine and by the API before
 * the machine is loaded.
 */

export interface SendInput {
  endpoint: string
  body: string
}

/** True when the browser took the batch; false when it refused (quota, policy) or has no beacon. */
export function sendBeacon(input: SendInput): boolean {
  try {
    return (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(input.endpoint, new Blob([input.body], { type: 'application/json' }))
    )
  } catch {
    return false
  }
}
