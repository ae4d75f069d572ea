/**
 * Recognises the native app shells the page may run in, and how each one is spoken to.
 * Names (app.config.ts NATIVE) and the protocol the shells implement:
 *
 *  - iOS (WKWebView): `window.webkit.messageHandlers.tandem.postMessage(message)`.
 *  - Android (WebView JavaScript interface): `window.TandemAndroid.postMessage(JSON.stringify(message))`.
 *  - Flutter (flutter_inappwebview): `window.flutter_inappwebview.callHandler('tandem', message)`,
 *    whose promise resolves with the response.
 *
 * `message` is `{ id, method, params }`. The response is `{ ok: true, result }` or
 * `{ ok: false, error }` (an object or its JSON text). iOS and Android answer by calling
 * `window.tandemNativeCallback(id, response)`; Flutter returns the response from its handler.
 * Detection runs at each call: Flutter injects its object only once its platform is ready.
 */
import { NATIVE } from '#/app.config.ts'

export type ShellKind = 'ios' | 'android' | 'flutter'

export interface NativeMessage {
  id: string
  method: string
  params: unknown
}

export interface NativeShell {
  kind: ShellKind
  /** Flutter answers with a promise; iOS and Android through the window callback (undefined here). */
  send: (message: NativeMessage) => Promise<unknown> | undefined
}

function objectAt(target: unknown, key: string): object | undefined {
  if ((typeof target !== 'object' && typeof target !== 'function') || target === null) return undefined
  const value: unknown = Reflect.get(target, key)
  return (typeof value === 'object' || typeof value === 'function') && value !== null ? value : undefined
}

/** A method of an object the shell injected, bound to it; undefined when it is not a function. */
function methodAt(target: object | undefined, key: string): ((...args: unknown[]) => unknown) | undefined {
  if (!target) return undefined
  const fn: unknown = Reflect.get(target, key)
  if (typeof fn !== 'function') return undefined
  return (...args: unknown[]): unknown => Reflect.apply(fn, target, args)
}

export function detectShell(): NativeShell | undefined {
  if (typeof window === 'undefined') return undefined
  const callHandler = methodAt(objectAt(window, 'flutter_inappwebview'), 'callHandler')
  if (callHandler) {
    return {
      kind: 'flutter',
      send: (message) => Promise.resolve(callHandler(NATIVE.flutterHandler, message)),
    }
  }
  const iosPost = methodAt(
    objectAt(objectAt(objectAt(window, 'webkit'), 'messageHandlers'), NATIVE.iosHandler),
    'postMessage',
  )
  if (iosPost) {
    return {
      kind: 'ios',
      send: (message) => {
        iosPost(message)
        return undefined
      },
    }
  }
  const androidPost = methodAt(objectAt(window, NATIVE.androidInterface), 'postMessage')
  if (androidPost) {
    return {
      kind: 'android',
      send: (message) => {
        androidPost(JSON.stringify(message))
        return undefined
      },
    }
  }
  return undefined
}

export function currentShellKind(): ShellKind | undefined {
  return detectShell()?.kind
}
