// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { TIMING } from '#/app.config.ts'
import { getReloadGuardMs, installChunkErrorHandling, reloadForChunkError } from './lifecycle.ts'

const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/page-1a2b.js')
let uninstall: (() => void) | undefined

afterEach(() => {
  uninstall?.()
  sessionStorage.clear()
})

describe('one reload guard for the error page and the lifecycle (§4, §9)', () => {
  it("is §9's 10 s until the app installs its handling", () => {
    expect(getReloadGuardMs()).toBe(TIMING.reloadGuardMs)
  })

  it("the error page keeps to the deployment's RELOAD_GUARD_MS once the lifecycle has it", () => {
    uninstall = installChunkErrorHandling(30_000)
    expect(getReloadGuardMs()).toBe(30_000)
    // A reload of this path 20 s ago: inside 30 s, so no second one (with a fixed 10 s it would reload again).
    sessionStorage.setItem(`tandem:chunk-reload:${location.pathname}`, String(Date.now() - 20_000))
    expect(reloadForChunkError(chunkError)).toBe(false)
  })

  it('a non-chunk error never reloads', () => {
    uninstall = installChunkErrorHandling(30_000)
    expect(reloadForChunkError(new Error('boom'))).toBe(false)
  })
})
