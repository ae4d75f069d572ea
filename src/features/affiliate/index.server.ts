/** The affiliate feature's server-side door: what the build's prerendering reads without React. */
export { affiliateProgram } from './affiliate-program.ts'
