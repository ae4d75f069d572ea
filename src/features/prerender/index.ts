/** The prerender feature's front door: a prerendered page's payload, for its route loader. */
export { BUILD_ID, loadPrerendered, payloadUrl } from './payload.ts'
