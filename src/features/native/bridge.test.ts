// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NATIVE } from '#/app.config.ts'
import { callNative, callNativeByName, nativeBridge, NativeBridgeError, receiveNativeReply } from './bridge.ts'
import { currentShellKind, type NativeMessage } from './shells.ts'

const SHELL_GLOBALS = ['webkit', NATIVE.androidInterface, 'flutter_inappwebview', NATIVE.callbackName]

afterEach(() => {
  for (const name of SHELL_GLOBALS) Reflect.deleteProperty(window, name)
  vi.useRealTimers()
})

const isMessage = (value: unknown): value is NativeMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'id') === 'string' &&
  typeof Reflect.get(value, 'method') === 'string'

/** Answers through the window callback, as the iOS and Android shells do. */
function reply(id: string, response: unknown) {
  const callback: unknown = Reflect.get(window, NATIVE.callbackName)
  if (typeof callback === 'function') Reflect.apply(callback, window, [id, response])
}

function fakeIos(answer?: (message: NativeMessage) => unknown) {
  const received: NativeMessage[] = []
  const handler = {
    postMessage(message: unknown) {
      if (!isMessage(message)) return
      received.push(message)
      if (answer) queueMicrotask(() => reply(message.id, answer(message)))
    },
  }
  Reflect.set(window, 'webkit', { messageHandlers: { [NATIVE.iosHandler]: handler } })
  return received
}

function fakeAndroid(answer: (message: NativeMessage) => unknown) {
  const received: string[] = []
  Reflect.set(window, NATIVE.androidInterface, {
    postMessage(json: string) {
      received.push(json)
      const message: unknown = JSON.parse(json)
      if (isMessage(message)) setTimeout(() => reply(message.id, JSON.stringify(answer(message))), 0)
    },
  })
  return received
}

function fakeFlutter(answer: (message: NativeMessage) => unknown) {
  const received: { handler: string; message: unknown }[] = []
  Reflect.set(window, 'flutter_inappwebview', {
    callHandler(handler: string, message: unknown) {
      received.push({ handler, message })
      return isMessage(message) ? Promise.resolve(answer(message)) : Promise.reject(new Error('bad message'))
    },
  })
  return received
}

describe('native shell detection', () => {
  it('knows no shell in a plain browser, and each shell by its injected object', () => {
    expect(currentShellKind()).toBeUndefined()
    fakeIos()
    expect(currentShellKind()).toBe('ios')
    Reflect.deleteProperty(window, 'webkit')
    fakeAndroid(() => null)
    expect(currentShellKind()).toBe('android')
    fakeFlutter(() => null)
    expect(currentShellKind()).toBe('flutter')
  })

  it('ignores look-alikes: another message handler, or a postMessage that is not a function', () => {
    Reflect.set(window, 'webkit', { messageHandlers: { other: { postMessage: () => undefined } } })
    Reflect.set(window, NATIVE.androidInterface, { postMessage: 'nope' })
    expect(currentShellKind()).toBeUndefined()
  })
})

describe('native calls', () => {
  it('throws outside a known shell (§8)', () => {
    expect(() => nativeBridge.share({ url: 'https://example.com' })).toThrow(NativeBridgeError)
    let caught: unknown
    try {
      void nativeBridge.close()
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(NativeBridgeError)
    expect(caught).toMatchObject({
      code: 'no-shell',
      message: 'Native bridge is not available outside a known app shell (close)',
    })
  })

  it('iOS: posts { id, method, params } and resolves with the callback answer', async () => {
    const received = fakeIos(() => ({ ok: true, result: { completed: true } }))
    await expect(nativeBridge.share({ url: 'https://example.com', title: 'T' })).resolves.toEqual({ completed: true })
    expect(received[0]).toMatchObject({ method: 'share', params: { url: 'https://example.com', title: 'T' } })
  })

  it('Android: posts JSON text and accepts a JSON text answer', async () => {
    const received = fakeAndroid(() => ({ ok: true, result: { opened: true } }))
    await expect(callNative('openExternal', { url: 'https://example.com/' })).resolves.toEqual({ opened: true })
    expect(JSON.parse(received[0] ?? '')).toMatchObject({
      method: 'openExternal',
      params: { url: 'https://example.com/' },
    })
  })

  it('Flutter: calls the tandem handler and resolves with what it returns', async () => {
    const received = fakeFlutter(() => ({ ok: true, result: null }))
    await expect(nativeBridge.setStatusBarColor({ color: '#212121', theme: 'dark' })).resolves.toBeNull()
    expect(received[0]?.handler).toBe('tandem')
    expect(received[0]?.message).toMatchObject({
      method: 'setStatusBarColor',
      params: { color: '#212121', theme: 'dark' },
    })
  })

  it('rejects with the shell error, an unreadable answer, or a failing handler', async () => {
    fakeIos(() => ({ ok: false, error: 'user cancelled' }))
    await expect(nativeBridge.share({ url: 'https://example.com' })).rejects.toMatchObject({
      code: 'native-error',
      message: 'Native share: user cancelled',
    })
    fakeIos(() => 'not json')
    await expect(nativeBridge.close()).rejects.toMatchObject({ code: 'bad-response' })
    Reflect.deleteProperty(window, 'webkit')
    Reflect.set(window, 'flutter_inappwebview', {
      callHandler: () => Promise.reject(new Error('MissingPluginException')),
    })
    await expect(nativeBridge.close()).rejects.toMatchObject({ code: 'native-error' })
  })

  it('times out when the shell never answers, and ignores the late answer', async () => {
    vi.useFakeTimers()
    const received = fakeIos()
    const call = nativeBridge.close()
    const outcome = expect(call).rejects.toMatchObject({ code: 'timeout' })
    await vi.advanceTimersByTimeAsync(NATIVE.callTimeoutMs - 1)
    let settled = false
    void call.catch(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await outcome
    expect(() => receiveNativeReply(received[0]?.id, { ok: true, result: null })).not.toThrow()
  })

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers()
    fakeIos()
    const call = nativeBridge.share({ url: 'https://example.com' }, { timeoutMs: 500 })
    const outcome = expect(call).rejects.toMatchObject({ code: 'timeout' })
    await vi.advanceTimersByTimeAsync(500)
    await outcome
  })

  it('keeps concurrent calls apart by id', async () => {
    fakeIos((message) => ({ ok: true, result: { completed: message.method === 'share' } }))
    const [share, close] = await Promise.all([nativeBridge.share({ url: 'https://a.example' }), nativeBridge.close()])
    expect(share).toEqual({ completed: true })
    expect(close).toBeNull()
  })

  it('the untyped entry refuses unknown methods', () => {
    fakeIos(() => ({ ok: true }))
    expect(() => callNativeByName('rm -rf', {})).toThrow(/Unknown native method/)
  })
})
