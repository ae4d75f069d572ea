/** Documented refusals of the follower's calls: each response lists the reasons the app translates. */
import { COPY } from '#/app.config.ts'
import { apiErrorSchema } from '#/contract/index.ts'

export const FOLLOW_RULES =
  `Fixed mode needs fixedAmount > 0 (margin per copied order); ratio mode 0 < ratio ≤ ${COPY.maxRatio} (the leader’s size × ratio); fixed leverage 1-${COPY.maxLeverage}. ` +
  `The investment is at most ${COPY.maxInvestmentUsdt} USDT and at least the leader’s minimum copy amount (and ${COPY.minInvestmentUsdt} USDT). ` +
  'Amounts keep at most 18 decimals, ratios 10.'

export const tags = ['Copy trading']

export const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
})

export const NOT_COPYING = refusal("'not-copying': the caller has no live copy of this leader")
export const UNKNOWN_LEADER = refusal("'not-found': no such leader, or the leader cancelled")
export const FOLLOW_CONFLICTS = refusal(
  "'follow-self': the leader is the caller; 'follow-while-leading': the caller is a leader; 'already-copying': a live copy of this leader exists; " +
    "'leader-paused': the leader takes no new followers; 'leader-full': no free follower slot; " +
    "'leader-below-minimum': the leader's equity (USDT wallet, open margin and unrealized PnL at the marks) is below the minimum copy amount",
)
export const FOLLOW_AMOUNTS = refusal(
  "'invalid-input' (with data.fields): a setting out of bounds; 'malformed-json'; 'below-minimum': the investment is below the leader's minimum (and the platform's); " +
    "'insufficient-balance': the USDT wallet holds less than the investment",
)
