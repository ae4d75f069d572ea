// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VERIFICATION } from '#/app.config.ts'
import { useVerification } from './useVerification.ts'

afterEach(() => vi.useRealTimers())

describe('useVerification', () => {
  it('hands a solved challenge out once and starts a new one', async () => {
    const { result } = renderHook(() => useVerification())
    act(() => result.current.widget.onPayload('first'))
    let taken: string | undefined
    await act(async () => {
      taken = await result.current.take()
    })
    expect(taken).toBe('first')
    expect(result.current.widget.generation).toBe(1)
  })

  it('waits while the widget solves; two requests at once never share a solution', async () => {
    const { result } = renderHook(() => useVerification())
    const first = result.current.take()
    const second = result.current.take()
    act(() => result.current.widget.onPayload('a'))
    expect(await first).toBe('a')
    act(() => result.current.widget.onPayload('b'))
    expect(await second).toBe('b')
    expect(result.current.widget.generation).toBe(2)
  })

  it('a payload withdrawn (expired or reset) is not handed out', async () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useVerification())
    act(() => result.current.widget.onPayload('stale'))
    act(() => result.current.widget.onPayload(undefined))
    const taken = result.current.take()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VERIFICATION.solveWaitMs)
    })
    // The widget never solved again in time: the request goes without, and the exchange says why.
    expect(await taken).toBeUndefined()
  })
})
