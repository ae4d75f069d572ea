/** §9 analytics constants as named in app.config.ts, and the ANALYTICS_* environment. */
import { describe, expect, it } from 'vitest'
import { ANALYTICS, ConfigError, loadConfig, publicConfig } from '#/app.config.ts'

describe('analytics configuration', () => {
  it('names the §9 constants with the spec values', () => {
    const { batchSize, batchSizeMin, batchSizeMax, intervalMs, queueCap, maxEventsPerSend, timeoutMs, maxRetries } =
      ANALYTICS
    expect([
      batchSize,
      batchSizeMin,
      batchSizeMax,
      intervalMs,
      queueCap,
      maxEventsPerSend,
      timeoutMs,
      maxRetries,
    ]).toEqual([6, 1, 30, 6000, 500, 50, 3000, 3])
    expect([
      ANALYTICS.referrerMaxLength,
      ANALYTICS.durationCapSeconds,
      ANALYTICS.nameMaxLength,
      ANALYTICS.userIdMaxLength,
    ]).toEqual([200, 86_400, 50, 63])
  })

  it('reads ANALYTICS_URL, ANALYTICS_BATCH_SIZE (clamped 1–30) and ANALYTICS_OPT_IN, and shows them to the browser', () => {
    expect(loadConfig({}).analytics).toEqual({ url: undefined, batchSize: 6, requireOptIn: false })
    const config = loadConfig({
      ANALYTICS_URL: 'https://collect.example.com/batch',
      ANALYTICS_BATCH_SIZE: '100',
      ANALYTICS_OPT_IN: 'true',
    })
    expect(publicConfig(config).analytics).toEqual({
      url: 'https://collect.example.com/batch',
      batchSize: 30,
      requireOptIn: true,
    })
    expect(loadConfig({ ANALYTICS_BATCH_SIZE: '0' }).analytics.batchSize).toBe(1)
  })

  it('refuses a receiver URL that is not http(s), and a batch size that is not a number', () => {
    expect(() => loadConfig({ ANALYTICS_URL: 'ftp://x.example.com' })).toThrow(ConfigError)
    expect(() => loadConfig({ ANALYTICS_BATCH_SIZE: 'six' })).toThrow(/ANALYTICS_BATCH_SIZE/)
  })
})
