// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AdlLights } from './AdlLights.tsx'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const lights = (quantile: number | null) =>
  render(
    <I18nProvider i18n={i18n}>
      <AdlLights quantile={quantile} />
    </I18nProvider>,
  )

describe("a position's ADL lights", () => {
  it('light as many of the five bars as its rank, and say it in words', () => {
    lights(3)
    const image = screen.getByRole('img', { name: 'ADL rank 3 of 5' })
    const bars = [...image.children]
    expect(bars).toHaveLength(5)
    expect(bars.map((bar) => bar.className.includes('bg-line'))).toEqual([false, false, false, true, true])
  })

  it('show the first in line in the warning colour, and nothing for a position without a rank', () => {
    lights(5)
    const bars = [...screen.getByRole('img', { name: 'ADL rank 5 of 5' }).children]
    expect(bars.every((bar) => bar.className.includes('bg-down'))).toBe(true)
    cleanup()
    lights(null)
    expect(screen.queryByRole('img')).toBeNull()
  })
})
