/**
 * The statistics period a copy-trading page shows when its URL names none. Plain (no React), so
 * the search schemas that the server's page cache imports can use it too.
 */
import type { StatsPeriod } from '#/contract/index.ts'

export const DEFAULT_PERIOD = '30d' satisfies StatsPeriod

export const periodOf = (search: { period?: StatsPeriod | undefined }): StatsPeriod => search.period ?? DEFAULT_PERIOD
