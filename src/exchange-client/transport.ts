/**
 * In embedded mode the exchange runs in this process: the server entry registers its fetch
 * handler here, and the API client calls it directly (no socket). The web app never imports the
 * exchange (ARCHITECTURE.md boundary 1); this registry is the seam `src/server` plugs it into.
 * It lives on globalThis because the server entry and the app bundle hold separate module copies.
 */
import type { Fetch } from './api-client.ts'

declare global {
  var __tandemInProcessExchange: Fetch | undefined
}

export function registerInProcessExchange(handler: Fetch | undefined): void {
  globalThis.__tandemInProcessExchange = handler
}

export function inProcessExchange(): Fetch | undefined {
  return globalThis.__tandemInProcessExchange
}
