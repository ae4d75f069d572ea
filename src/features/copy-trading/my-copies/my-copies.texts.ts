/** Names of a copy's status and of why a copy ended, declared once and translated where shown. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { COPY_END_REASONS, COPY_STATUSES } from '#/contract/index.ts'

export const COPY_STATUS_LABELS: Record<(typeof COPY_STATUSES)[number], MessageDescriptor> = {
  active: msg({ message: 'Active', context: 'copy status' }),
  paused: msg({ message: 'Paused', context: 'copy status' }),
  cancelled: msg({ message: 'Ended', context: 'copy status' }),
}

export const END_REASON_LABELS: Record<(typeof COPY_END_REASONS)[number], MessageDescriptor> = {
  cancel: msg`You stopped copying`,
  removed: msg`The trader removed you`,
  'leader-cancelled': msg`The trader stopped leading`,
  'copy-stop-loss': msg`Copy stop loss reached`,
}

/** An ended copy with no recorded reason (older records). */
export const UNKNOWN_END_REASON = msg`Ended`
