/**
 * The typed call API of the native shells (protocol in shells.ts). Every call returns a promise
 * of the method's result; outside a known shell a call throws at once (§8), so check
 * `currentShellKind()` first where running in a browser is normal.
 */
import { NATIVE, type Theme } from '#/app.config.ts'
import { detectShell } from './shells.ts'

export interface NativeMethods {
  share: { params: { url: string; title?: string; text?: string }; result: { completed: boolean } }
  openExternal: { params: { url: string }; result: { opened: boolean } }
  /** `theme` tells the shell which icon tint suits the colour. */
  setStatusBarColor: { params: { color: string; theme: Theme }; result: null }
  close: { params: Record<string, never>; result: null }
}
export type NativeMethodName = keyof NativeMethods

export type NativeBridgeErrorCode = 'no-shell' | 'timeout' | 'native-error' | 'bad-response' | 'unknown-method'

export class NativeBridgeError extends Error {
  override name = 'NativeBridgeError'
  readonly code: NativeBridgeErrorCode
  constructor(code: NativeBridgeErrorCode, message: string) {
    super(message)
    this.code = code
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

/** Results come from another program: each method reads only what it expects. */
const decoders: { [TMethod in NativeMethodName]: (value: unknown) => NativeMethods[TMethod]['result'] } = {
  share: (value) => ({ completed: isObject(value) && Reflect.get(value, 'completed') === true }),
  openExternal: (value) => ({ opened: !isObject(value) || Reflect.get(value, 'opened') !== false }),
  setStatusBarColor: () => null,
  close: () => null,
}

export function isNativeMethod(value: unknown): value is NativeMethodName {
  return typeof value === 'string' && Object.hasOwn(decoders, value)
}

type Response = { ok: true; result: unknown } | { ok: false; error: string }

function parseResponse(raw: unknown): Response | undefined {
  let value = raw
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return undefined
    }
  }
  if (!isObject(value)) return undefined
  const ok: unknown = Reflect.get(value, 'ok')
  if (ok === true) return { ok: true, result: Reflect.get(value, 'result') }
  if (ok !== false) return undefined
  const error: unknown = Reflect.get(value, 'error')
  return { ok: false, error: typeof error === 'string' ? error : 'native call failed' }
}

const pending = new Map<string, (response: unknown) => void>()
let sequence = 0

/** iOS and Android answer here; an unknown or late id is ignored. */
export function receiveNativeReply(id: unknown, response: unknown): void {
  if (typeof id !== 'string') return
  pending.get(id)?.(response)
}

function installCallback() {
  if (Reflect.get(window, NATIVE.callbackName) !== receiveNativeReply)
    Reflect.set(window, NATIVE.callbackName, receiveNativeReply)
}

export interface CallOptions {
  timeoutMs?: number
}

/** The untyped call under `callNative`: the result as the shell sent it. */
export function requestNative(method: NativeMethodName, params: unknown, options: CallOptions = {}): Promise<unknown> {
  const shell = detectShell()
  if (!shell)
    throw new NativeBridgeError('no-shell', `Native bridge is not available outside a known app shell (${method})`)
  installCallback()
  sequence += 1
  const id = `${Date.now().toString(36)}-${sequence}`
  const timeoutMs = options.timeoutMs ?? NATIVE.callTimeoutMs
  return new Promise((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer)
      pending.delete(id)
    }
    const fail = (code: NativeBridgeErrorCode, message: string) => {
      finish()
      reject(new NativeBridgeError(code, message))
    }
    const settle = (raw: unknown) => {
      const response = parseResponse(raw)
      if (!response) return fail('bad-response', `Native ${method}: unreadable response`)
      if (!response.ok) return fail('native-error', `Native ${method}: ${response.error}`)
      finish()
      resolve(response.result)
    }
    const timer = setTimeout(() => fail('timeout', `Native ${method}: no answer within ${timeoutMs} ms`), timeoutMs)
    pending.set(id, settle)
    try {
      shell
        .send({ id, method, params })
        ?.then(settle, (error: unknown) => fail('native-error', `Native ${method}: ${String(error)}`))
    } catch (error) {
      fail('native-error', `Native ${method}: ${String(error)}`)
    }
  })
}

export function callNative<TMethod extends NativeMethodName>(
  method: TMethod,
  params: NativeMethods[TMethod]['params'],
  options?: CallOptions,
): Promise<NativeMethods[TMethod]['result']> {
  const decode = decoders[method]
  return requestNative(method, params, options).then((result) => decode(result))
}

export const nativeBridge = {
  share: (params: NativeMethods['share']['params'], options?: CallOptions) => callNative('share', params, options),
  openExternal: (params: NativeMethods['openExternal']['params'], options?: CallOptions) =>
    callNative('openExternal', params, options),
  setStatusBarColor: (params: NativeMethods['setStatusBarColor']['params'], options?: CallOptions) =>
    callNative('setStatusBarColor', params, options),
  close: (options?: CallOptions) => callNative('close', {}, options),
}

/** The untyped entry of the page API: unknown method names are refused. */
export function callNativeByName(method: unknown, params: unknown): Promise<unknown> {
  if (!isNativeMethod(method)) throw new NativeBridgeError('unknown-method', `Unknown native method: ${String(method)}`)
  const decode = decoders[method]
  return requestNative(method, params).then((result) => decode(result))
}
