/** The shell feature's server-only front door (request middleware, server functions' helpers). */
export { rejectInput } from './input-rejection.server.ts'
export { HTML_SECURITY_HEADERS, contentSecurityPolicy } from './security-headers.server.ts'
export { checkServerFnRequest, refusalResponse } from './server-fn-guard.server.ts'
