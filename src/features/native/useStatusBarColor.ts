/** Inside a native shell, the status bar follows the theme (§4: light #ffffff, dark #212121). */
import { useEffect } from 'react'
import { THEME_TOKENS, type Theme } from '#/app.config.ts'
import { nativeBridge } from './bridge.ts'
import { detectShell } from './shells.ts'

/** flutter_inappwebview injects its bridge late and says so with this event. */
const FLUTTER_READY = 'flutterInAppWebViewPlatformReady'

export function useStatusBarColor(theme: Theme) {
  useEffect(() => {
    const apply = () => {
      if (!detectShell()) return
      // Cosmetic: a shell without the method keeps its own colour.
      nativeBridge.setStatusBarColor({ color: THEME_TOKENS[theme].statusBar, theme }).catch(() => undefined)
    }
    apply()
    window.addEventListener(FLUTTER_READY, apply)
    return () => window.removeEventListener(FLUTTER_READY, apply)
  }, [theme])
}
