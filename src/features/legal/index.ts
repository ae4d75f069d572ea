/** The legal feature's front door: the pages registration links to. */
export { PrivacyPolicy, TermsOfUse } from './LegalPage.tsx'
