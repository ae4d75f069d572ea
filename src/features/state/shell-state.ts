/**
 * Request-level state the shell renders from: read from cookies on the server, and on the client
 * kept from the hydrated page (tokens are HttpOnly: the browser never reads them).
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { readServerShellState } from './shell-state.server.ts'
import type { ShellState } from './shell-state-shape.ts'

let clientState: ShellState | undefined

/** Called once the page has hydrated, and whenever the user changes theme or signs in or out. */
export function updateClientShellState(next: ShellState) {
  clientState = next
}

/** After a session ends on the client, the next navigation renders signed out. */
export function signOutClientShell() {
  if (clientState) clientState = { ...clientState, loggedIn: false }
}

/** After a sign-in on the client. */
export function signInClientShell() {
  if (clientState) clientState = { ...clientState, loggedIn: true }
}

export const readShellState = createIsomorphicFn()
  .server(readServerShellState)
  .client((): ShellState => {
    if (!clientState) throw new Error('Shell state read before hydration')
    return clientState
  })
