// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { clampPosition } from './DraggableDialog.tsx'
import { layerZIndex, openLayer } from './layers.ts'
import { Marquee } from './Marquee.tsx'
import { swipeDirection } from './useTouchGestures.ts'

afterEach(cleanup)

describe('popup layers', () => {
  it('stack from 2000 upward in opening order and close in any order', () => {
    const closeA = openLayer('a')
    const closeB = openLayer('b')
    const closeC = openLayer('c')
    expect([layerZIndex('a'), layerZIndex('b'), layerZIndex('c')]).toEqual([2000, 2001, 2002])
    closeB()
    expect([layerZIndex('a'), layerZIndex('b'), layerZIndex('c')]).toEqual([2000, undefined, 2001])
    closeA()
    closeC()
    expect(layerZIndex('c')).toBeUndefined()
  })
})

describe('draggable dialog', () => {
  const viewport = { width: 390, height: 844 }
  it('stays inside the viewport and below the 64 px top offset', () => {
    expect(clampPosition(-50, 10, 300, 200, viewport)).toEqual({ x: 0, y: 64 })
    expect(clampPosition(500, 900, 300, 200, viewport)).toEqual({ x: 90, y: 644 })
    expect(clampPosition(40, 300, 300, 200, viewport)).toEqual({ x: 40, y: 300 })
  })
})

describe('touch gestures', () => {
  it('swipes only past 30 px, along the larger movement', () => {
    expect(swipeDirection(29, 0)).toBeUndefined()
    expect(swipeDirection(31, 5)).toBe('right')
    expect(swipeDirection(-40, 10)).toBe('left')
    expect(swipeDirection(3, -35)).toBe('up')
    expect(swipeDirection(0, 60)).toBe('down')
  })
})

describe('marquee', () => {
  function renderIn(locale: string) {
    const i18n = setupI18n({ locale, messages: { [locale]: {} } })
    return render(
      <I18nProvider i18n={i18n}>
        <Marquee label="Tickers">
          <span>BTC_USDT</span>
        </Marquee>
      </I18nProvider>,
    )
  }

  it('loops 20 s with no delay, reads once, and runs to the right in right-to-left pages', () => {
    const { getByRole, container } = renderIn('en_US')
    expect(getByRole('region', { name: 'Tickers' })).toBeTruthy()
    const track = container.querySelector<HTMLElement>('[data-marquee]')
    expect(track?.style.animationDuration).toBe('20s')
    expect(track?.style.animationDelay).toBe('0s')
    expect(track?.style.animationIterationCount).toBe('infinite')
    expect(track?.style.animationName).toBe('marquee')
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(1)
    cleanup()
    const rtl = renderIn('ar_AE')
    expect(rtl.container.querySelector<HTMLElement>('[data-marquee]')?.style.animationName).toBe('marquee-rtl')
  })
})
