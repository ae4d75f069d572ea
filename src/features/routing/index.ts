/** The routing feature's front door: what routes and other features may use of it. */
export { staticSegmentsOf } from './canonical-path.ts'
export { parseChainCopyPath, type ChainCopyTarget } from './chain-copy-path.ts'
export { runGuards } from './guards.ts'
export { isValidationFailure, validationFailed } from './not-found.ts'
export { resolveRedirect } from './redirects.ts'
export { parseSearch, stringifySearch } from './search.ts'
export type { LayoutName } from './static-data.ts'
