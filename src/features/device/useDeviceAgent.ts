/** Mounted once in the root document: device identity after hydration, status bar with the theme. */
import { useEffect } from 'react'
import type { Theme } from '#/app.config.ts'
import { useStatusBarColor } from '#/features/native/index.ts'
import { startDeviceAgent } from './device-agent.ts'

export function useDeviceAgent(theme: Theme) {
  useEffect(() => startDeviceAgent(), [])
  useStatusBarColor(theme)
}
