/** The affiliate feature's front door: what routes and other features may use of it. */
export { AffiliateForm } from './AffiliateForm.tsx'
export { ApplicationStatus } from './ApplicationStatus.tsx'
export { WhyJoin } from './WhyJoin.tsx'
export { affiliateQueries } from './affiliate.queries.ts'
export { affiliateProgramSchema, type AffiliateProgram } from './affiliate-program.ts'
export { RememberedApplicationStatus, useRememberApplication } from './RememberedApplication.tsx'
