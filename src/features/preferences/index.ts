/** The preferences feature's front door: what routes and other features may use of it. */
export { PreferencesPanel } from './PreferencesPanel.tsx'
export { ReaderNumberFormat } from './ReaderNumberFormat.tsx'
export { savePreferences } from './preferences.functions.ts'
export { preferencesQueries } from './preferences.queries.ts'
