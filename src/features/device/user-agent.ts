/** What the user agent string says about the device: §3's system_version, brand_model and device_name. */

const MOBILE = /Mobi|Android|iPhone|iPod|iPad|Windows Phone|HarmonyOS|OpenHarmony/i

export function isMobileUserAgent(ua: string): boolean {
  return MOBILE.test(ua)
}

/** e.g. `iOS 17.2`, `Android 14`, `Windows 10`, `macOS 10.15.7`, `Linux`; empty when unknown. */
export function systemVersionOf(ua: string): string {
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+(?:[._]\d+)*)/.exec(ua)
  if (ios?.[1]) return `iOS ${ios[1].replaceAll('_', '.')}`
  const harmony = /(?:Open)?HarmonyOS[ /]?(\d+(?:\.\d+)*)?/.exec(ua)
  if (harmony) return harmony[1] ? `HarmonyOS ${harmony[1]}` : 'HarmonyOS'
  const android = /Android (\d+(?:\.\d+)*)/.exec(ua)
  if (android?.[1]) return `Android ${android[1]}`
  const windows = /Windows NT (\d+\.\d+)/.exec(ua)
  if (windows?.[1]) return `Windows ${windowsName(windows[1])}`
  const mac = /Mac OS X (\d+(?:[._]\d+)*)/.exec(ua)
  if (mac?.[1]) return `macOS ${mac[1].replaceAll('_', '.')}`
  if (/CrOS/.test(ua)) return 'ChromeOS'
  if (/Linux/.test(ua)) return 'Linux'
  return ''
}

function windowsName(nt: string): string {
  const names: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' }
  return names[nt] ?? `NT ${nt}`
}

/** e.g. `Apple iPhone`, `SM-G991B` (Android's build model); empty for desktops that do not say. */
export function brandModelOf(ua: string): string {
  const apple = /\b(iPhone|iPad|iPod|Macintosh)\b/.exec(ua)
  if (apple?.[1]) return `Apple ${apple[1]}`
  const android = /Android [^;)]*;(?: [a-z]{2}[-_][A-Za-z]{2};)? ([^;)]+?)(?: Build\/[^;)]*)?[;)]/.exec(ua)
  const model = android?.[1]?.trim()
  // Chrome's reduced user agent says only "K" instead of the model.
  if (model && model !== 'K') return model
  return ''
}

function browserOf(ua: string): string {
  const browsers: readonly [RegExp, string][] = [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
    [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
    [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
    [/Version\/(\d+).*Safari/, 'Safari'],
  ]
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(ua)
    if (match?.[1]) return `${name} ${match[1]}`
  }
  return ''
}

/** A readable name: the model where the user agent gives one, else browser and system. */
export function deviceNameOf(ua: string): string {
  const model = brandModelOf(ua)
  const browser = browserOf(ua)
  const system = systemVersionOf(ua)
  const parts = [model || system, browser].filter(Boolean)
  return parts.join(' / ')
}
