/**
 * The engine clock: real time, or fast-forwarded (EXCHANGE_CLOCK_SPEED engine minutes per real
 * minute) from the moment the exchange starts, so demos and tests can live a week in minutes.
 */
export type Clock = () => Date

export function engineClock(speed: number, realNow: () => number = Date.now): Clock {
  if (speed === 1) return () => new Date(realNow())
  const origin = realNow()
  return () => new Date(origin + Math.floor((realNow() - origin) * speed))
}
