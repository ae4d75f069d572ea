/**
 * A client's message allowance: `rate` tokens a second, at most `burst` saved, one per message.
 * Tokens accrue by the clock, not by when the server got round to reading: messages that waited
 * in the socket while the thread was busy were paid for by the time that passed meanwhile.
 */
export interface TokenBucket {
  /** Takes a token for one message; false when none is left (the client is over its rate). */
  take(): boolean
}

export function createTokenBucket(rate: number, burst: number, now: () => number): TokenBucket {
  let tokens = burst
  let last = now()
  return {
    take() {
      const at = now()
      // A wall clock set back must not cost the client tokens.
      tokens = Math.min(burst, tokens + (Math.max(0, at - last) / 1000) * rate)
      last = at
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}
