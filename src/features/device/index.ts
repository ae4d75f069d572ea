/** The device feature's front door: what routes and other features may use of it. */
export { deviceContext, type DeviceContext } from './device-context.ts'
export { ensureDeviceId, randomUuid } from './device-id.ts'
export { useDeviceAgent } from './useDeviceAgent.ts'
export { isMobileUserAgent } from './user-agent.ts'
