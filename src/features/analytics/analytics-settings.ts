/** The SDK's delivery settings (§9 constants, overridable per start), shared by the API and the sender's machine. */
import { ANALYTICS, clampBatchSize } from '#/app.config.ts'

export interface AnalyticsSettings {
  batchSize: number
  intervalMs: number
  queueCap: number
  maxEventsPerSend: number
  maxBatchBytes: number
  timeoutMs: number
  maxRetries: number
  retryBaseMs: number
}

export const DEFAULT_SETTINGS: AnalyticsSettings = {
  batchSize: ANALYTICS.batchSize,
  intervalMs: ANALYTICS.intervalMs,
  queueCap: ANALYTICS.queueCap,
  maxEventsPerSend: ANALYTICS.maxEventsPerSend,
  maxBatchBytes: ANALYTICS.maxBatchBytes,
  timeoutMs: ANALYTICS.timeoutMs,
  maxRetries: ANALYTICS.maxRetries,
  retryBaseMs: ANALYTICS.retryBaseMs,
}

/** The defaults with the given overrides; the batch size clamped to its bounds. */
export function analyticsSettings(overrides: Partial<AnalyticsSettings> = {}): AnalyticsSettings {
  const settings = { ...DEFAULT_SETTINGS, ...overrides }
  return { ...settings, batchSize: clampBatchSize(settings.batchSize) }
}
