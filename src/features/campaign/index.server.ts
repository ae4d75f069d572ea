/** The campaign feature's server-only front door (request middleware). */
export { inviteCodeCookie } from './referral.server.ts'
