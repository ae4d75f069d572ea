/** The leader centre's codes (form checks, the checklist to lead) as the text a user reads. */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { COPY } from '#/app.config.ts'
import { LEADER_BIO_MAX, LEADER_NICKNAME, type LeaderRequirementKey } from '#/contract/index.ts'
import { copyRefusalText } from '../shared/refusal.texts.ts'
import type { LeadFieldCode } from './lead-form.ts'
import { MAX_SHARE_PERCENT } from './lead-form.ts'

/** Formats a plain number for the reader (the page passes its number format). */
export type FormatNumber = (value: string) => string

export function leadFieldText(i18n: I18n, code: LeadFieldCode | undefined, format: FormatNumber): string | undefined {
  switch (code) {
    case undefined:
      return undefined
    case 'required':
      return i18n._(msg`This field is required.`)
    case 'share-range': {
      const max = format(String(MAX_SHARE_PERCENT))
      return i18n._(msg`Enter a share from 0 to ${max} %.`)
    }
    case 'followers-range': {
      const max = format(String(COPY.maxFollowersLimit))
      return i18n._(msg`Enter a whole number from 1 to ${max}.`)
    }
    case 'followers-below-current':
      return i18n._(msg`This is below the number of followers copying you now.`)
    case 'amount-range': {
      const min = format(COPY.minInvestmentUsdt)
      const max = format(COPY.maxInvestmentUsdt)
      return i18n._(msg`Enter an amount from ${min} to ${max} USDT.`)
    }
    case 'nickname-length': {
      const min = LEADER_NICKNAME.min
      const max = LEADER_NICKNAME.max
      return i18n._(msg`Use ${min} to ${max} characters.`)
    }
    // The exchange's refusals of a field read the same on the field as in the notice.
    case 'nickname-invalid':
    case 'nickname-taken':
    case 'avatar-taken':
      return copyRefusalText(i18n, code)
    case 'bio-length': {
      const max = LEADER_BIO_MAX
      return i18n._(msg`Use at most ${max} characters.`)
    }
    case 'refused':
      return i18n._(msg`This value was not accepted. Check it and try again.`)
  }
}

const REQUIREMENT_LABELS: Record<LeaderRequirementKey, MessageDescriptor> = {
  'not-copying': msg`Not copying any trader`,
  'min-balance': msg`Enough USDT in your exchange wallet`,
  'no-open-positions': msg`No open positions of your own`,
}

export interface RequirementInput {
  key: LeaderRequirementKey
  met: boolean
  current?: string | undefined
  required?: string | undefined
}

/**
 * A requirement's name, and what the user has against what it takes (with what to do when unmet).
 * Counts are written as 'label: n' rather than with plural forms: the catalogs' locale codes
 * (en_US) are not language tags Intl.PluralRules accepts.
 */
export function requirementText(
  i18n: I18n,
  requirement: RequirementInput,
  format: FormatNumber,
): { label: string; detail: string } {
  const label = i18n._(REQUIREMENT_LABELS[requirement.key])
  const count = format(requirement.current ?? '0')
  switch (requirement.key) {
    case 'not-copying':
      return {
        label,
        detail: requirement.met
          ? i18n._(msg`You copy no one.`)
          : i18n._(msg`Traders you copy now: ${count}. Stop those copies first.`),
      }
    case 'min-balance': {
      const current = format(requirement.current ?? '0')
      const required = format(requirement.required ?? COPY.leaderMinBalanceUsdt)
      return {
        label,
        detail: requirement.met
          ? i18n._(msg`You have ${current} USDT; ${required} USDT is required.`)
          : i18n._(msg`You have ${current} USDT; ${required} USDT is required. Deposit or transfer the rest first.`),
      }
    }
    case 'no-open-positions':
      return {
        label,
        detail: requirement.met
          ? i18n._(msg`No open positions.`)
          : i18n._(msg`Open positions now: ${count}. Close them first.`),
      }
  }
}
