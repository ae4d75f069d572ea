/** Mounted once in the root document: device identity after hydration, status bar with the theme. */
import { useEffect, useState } from 'react'
import type { Theme } from '#/app.config.ts'
import { useStatusBarColor } from '#/features/native/index.ts'
import { startDeviceAgent, type PageApiExtension } from './device-agent.ts'

/** `pageApi`: members of window.TandemWeb other features add (read once, at the first mount). */
export function useDeviceAgent(theme: Theme, pageApi: PageApiExtension = {}) {
  const [extension] = useState(pageApi)
  useEffect(() => startDeviceAgent(extension), [extension])
  useStatusBarColor(theme)
}
