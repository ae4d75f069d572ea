/**
 * The web tier's one path to an exchange (ARCHITECTURE.md boundary 1). Server functions take
 * `exchangeMiddleware` and call `context.exchange`; pages read `Loaded` / `Sent`; the server entry
 * plugs the embedded exchange in with `registerInProcessExchange`.
 */
export { isDeviceId, isFingerprintHash } from './device-headers.ts'
export type { ExchangeClient } from './exchange.server.ts'
export { exchangeMiddleware } from './middleware.ts'
export { loadedOk, type Loaded, type Refusal, type RefusalReason, type Sent } from './outcome.ts'
export { loginHref, providePageFacts, type PageFacts } from './page.ts'
export { registerInProcessExchange } from './transport.ts'
