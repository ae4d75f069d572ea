/** Local storage and cookie reads that never throw (storage can be disabled or full). */

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Without storage the value lives for this page only; the cookie still carries it.
  }
}
