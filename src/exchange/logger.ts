/**
 * Where the exchange writes its log lines. A module of its own so that the request context and the
 * services the context holds (mailers, the what-if pool) can all name it without importing each other.
 */
export type Logger = Pick<Console, 'log' | 'error'>
