/**
 * The device fingerprint of §3: what the browser says about screen, system, language, time zone,
 * plugins, and how it draws (canvas, WebGL) and renders sound (OfflineAudioContext). Every field
 * is always present; a probe the browser refuses gives an empty value. Browser only.
 */
import { DEVICE } from '#/app.config.ts'
import { sha256Hex } from './sha256.ts'
import { brandModelOf, deviceNameOf, systemVersionOf } from './user-agent.ts'

export interface DeviceFingerprint {
  screen_resolution: string
  available_screen_resolution: string
  system_version: string
  brand_model: string
  system_lang: string
  timezone: string
  /** `Date#getTimezoneOffset()`: minutes the local clock is behind UTC. */
  timezoneOffset: number
  user_agent: string
  list_plugin: string[]
  canvas_code: string
  webgl_vendor: string
  webgl_renderer: string
  audio: string
  platform: string
  /** Minutes the local clock is behind UTC+8 (§9's base of 480 minutes), same sign as timezoneOffset. */
  web_timezone: number
  device_name: string
  /** SHA-256 (hex) of every other field, in the order of FINGERPRINT_FIELDS. */
  fingerprint: string
}

export type FingerprintField = Exclude<keyof DeviceFingerprint, 'fingerprint'>

/** The hashed fields, in hashing order. */
export const FINGERPRINT_FIELDS = [
  'screen_resolution',
  'available_screen_resolution',
  'system_version',
  'brand_model',
  'system_lang',
  'timezone',
  'timezoneOffset',
  'user_agent',
  'list_plugin',
  'canvas_code',
  'webgl_vendor',
  'webgl_renderer',
  'audio',
  'platform',
  'web_timezone',
  'device_name',
] as const satisfies readonly FingerprintField[]

export function webTimezone(timezoneOffset: number): number {
  return timezoneOffset + DEVICE.webTimezoneBaseMinutes
}

/** Plugin names, at most §9's cap. */
export function listPlugins(plugins: ArrayLike<{ name: string }> | undefined): string[] {
  if (!plugins) return []
  const names: string[] = []
  for (let i = 0; i < plugins.length && names.length < DEVICE.pluginCap; i++) {
    const name = plugins[i]?.name
    if (typeof name === 'string') names.push(name)
  }
  return names
}

function canvasImage(): string {
  try {
    const canvas = document.createElement('canvas')
    canvas.width = 240
    canvas.height = 60
    const context = canvas.getContext('2d')
    if (!context) return ''
    context.textBaseline = 'top'
    context.font = '14px Arial'
    context.fillStyle = '#f60'
    context.fillRect(125, 1, 62, 20)
    context.fillStyle = '#069'
    context.fillText('Tandem <canvas> 1.0 \u{1F603}', 2, 15)
    context.fillStyle = 'rgba(102, 204, 0, 0.7)'
    context.fillText('Tandem <canvas> 1.0 \u{1F603}', 4, 17)
    return canvas.toDataURL()
  } catch {
    return ''
  }
}

function webgl(): { vendor: string; renderer: string } {
  try {
    const gl = document.createElement('canvas').getContext('webgl')
    if (!gl) return { vendor: '', renderer: '' }
    const info = gl.getExtension('WEBGL_debug_renderer_info')
    const vendor: unknown = gl.getParameter(info ? info.UNMASKED_VENDOR_WEBGL : gl.VENDOR)
    const renderer: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)
    gl.getExtension('WEBGL_lose_context')?.loseContext()
    return { vendor: typeof vendor === 'string' ? vendor : '', renderer: typeof renderer === 'string' ? renderer : '' }
  } catch {
    return { vendor: '', renderer: '' }
  }
}

/** A triangle wave through a compressor, rendered offline: the samples differ by audio stack. */
async function audioSamples(): Promise<string> {
  if (typeof OfflineAudioContext === 'undefined') return ''
  try {
    const context = new OfflineAudioContext(1, 5000, 44_100)
    const oscillator = context.createOscillator()
    oscillator.type = 'triangle'
    oscillator.frequency.value = 10_000
    const compressor = context.createDynamicsCompressor()
    compressor.threshold.value = -50
    compressor.knee.value = 40
    compressor.ratio.value = 12
    compressor.attack.value = 0
    compressor.release.value = 0.25
    oscillator.connect(compressor)
    compressor.connect(context.destination)
    oscillator.start(0)
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, DEVICE.audioTimeoutMs, undefined)
    })
    const rendered = await Promise.race([context.startRendering(), timeout])
    clearTimeout(timer)
    if (!rendered) return ''
    return Array.from(rendered.getChannelData(0).subarray(4500, 5000), (sample) => sample.toFixed(10)).join(',')
  } catch {
    return ''
  }
}

const hashOrEmpty = async (text: string) => (text ? sha256Hex(text) : '')

function resolution(width: number, height: number): string {
  return `${width}x${height}`
}

/** Collects every field and hashes them. Takes some milliseconds: run it when the page is idle. */
export async function collectFingerprint(): Promise<DeviceFingerprint> {
  const ua = navigator.userAgent
  const timezoneOffset = new Date().getTimezoneOffset()
  const gl = webgl()
  const [canvasCode, audio] = await Promise.all([hashOrEmpty(canvasImage()), audioSamples().then(hashOrEmpty)])
  const fields: Omit<DeviceFingerprint, 'fingerprint'> = {
    screen_resolution: resolution(screen.width, screen.height),
    available_screen_resolution: resolution(screen.availWidth, screen.availHeight),
    system_version: systemVersionOf(ua),
    brand_model: brandModelOf(ua),
    system_lang: navigator.language,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    timezoneOffset,
    user_agent: ua,
    list_plugin: listPlugins(navigator.plugins),
    canvas_code: canvasCode,
    webgl_vendor: gl.vendor,
    webgl_renderer: gl.renderer,
    audio,
    platform: navigator.platform,
    web_timezone: webTimezone(timezoneOffset),
    device_name: deviceNameOf(ua),
  }
  return { ...fields, fingerprint: await fingerprintHash(fields) }
}

/** Deterministic: the same fields give the same hash in any browser. */
export function fingerprintHash(fields: Omit<DeviceFingerprint, 'fingerprint'>): Promise<string> {
  return sha256Hex(JSON.stringify(FINGERPRINT_FIELDS.map((field) => fields[field])))
}

export function isDeviceFingerprint(value: unknown): value is DeviceFingerprint {
  if (typeof value !== 'object' || value === null) return false
  const numbers = new Set<string>(['timezoneOffset', 'web_timezone'])
  return [...FINGERPRINT_FIELDS, 'fingerprint'].every((field) => {
    const v: unknown = Reflect.get(value, field)
    if (field === 'list_plugin') return Array.isArray(v) && v.every((name) => typeof name === 'string')
    return numbers.has(field) ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string'
  })
}
