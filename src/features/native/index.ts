/** The native feature's front door: what routes and other features may use of it. */
export { callNativeByName } from './bridge.ts'
export { openExternal } from './external.ts'
export { currentShellKind } from './shells.ts'
export { useStatusBarColor } from './useStatusBarColor.ts'
