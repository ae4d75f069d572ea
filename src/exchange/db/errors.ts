/** Recognising database errors through Drizzle's wrapper (DrizzleQueryError keeps the driver error as `cause`). */

function fieldOf(error: unknown, field: string): unknown {
  return typeof error === 'object' && error !== null && field in error ? Reflect.get(error, field) : undefined
}

/** True when the error (or one it wraps) is PostgreSQL's unique_violation, optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current !== undefined; depth++) {
    if (fieldOf(current, 'code') === '23505') {
      return constraint === undefined || fieldOf(current, 'constraint') === constraint
    }
    current = fieldOf(current, 'cause')
  }
  return false
}
