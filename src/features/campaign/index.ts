/** The campaign feature's front door: what routes and other features may use of it. */
export { AnniversaryBanner } from './AnniversaryBanner.tsx'
export { HomeSignUp } from './HomeSignUp.tsx'
export { campaignQueries } from './campaign.queries.ts'
export { storedInviteCode, useReferral } from './referral.ts'
