/** The i18n feature's server-only front door (request middleware). */
export { clientLanguagesCookie } from './client-languages.server.ts'
