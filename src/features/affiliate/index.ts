/** The affiliate feature's front door: what routes and other features may use of it. */
export { AffiliateForm } from './AffiliateForm.tsx'
export { ApplicationStatus } from './ApplicationStatus.tsx'
export { WhyJoin } from './WhyJoin.tsx'
export { affiliateQueries } from './affiliate.queries.ts'
