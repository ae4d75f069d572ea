/** Documented refusals of the leader's calls: each response lists the reasons the app translates. */
import { refusal } from './follow-docs.ts'

export { tags } from './follow-docs.ts'

export const NOT_LEADER = refusal("'not-leader': the caller does not lead (never applied, or cancelled the identity)")
export const APPLY_CONFLICTS = refusal(
  "'already-leader': the caller leads already; 'leader-requirements': a requirement is unmet, data.fields lists each (path: the requirement key, issue: why); " +
    "'nickname-taken': another leader's nickname reads the same",
)
export const PROFILE_CONFLICTS = refusal(
  "'nickname-taken': another leader's nickname reads the same; 'avatar-taken': the avatar is another leader's own (shared presets never are)",
)
export const SETTINGS_INPUT = refusal(
  "'invalid-input' (with data.fields): a value out of bounds, an unknown tag or instrument, maxFollowers below the followers copying now; " +
    "'nickname-invalid': the nickname alone is wrong (empty after trimming, or zero-width, bidi, control or other hidden characters)",
)
export const CANCEL_CONFLICT = refusal("'forbidden': the leader holds open positions; close them first")
export const ORDER_INPUT = refusal(
  "'invalid-input' (with data.fields): unknown pair, short on spot, a size that is not a positive multiple of the lot size, leverage above the instrument's; " +
    "'insufficient-balance': the exchange wallet cannot pay the margin and fee",
)
export const NOT_MY_POSITION = refusal("'not-found': not an open position of the caller's own")
export const NOT_MY_FOLLOWER = refusal("'not-found': not a live copy of the caller")
