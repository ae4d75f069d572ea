/** Human verification (ALTCHA proof of work): the widget and the hook a form asks for a solution. */
export { VerificationWidget } from './VerificationWidget.tsx'
export { useVerification, type Verification } from './useVerification.ts'
export { isVerificationRefusal } from './verification-refusals.ts'
