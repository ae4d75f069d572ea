// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TradingPosition } from '#/contract/index.ts'
import { aPosition } from '#tests/fixtures/features/trading.ts'
import { TpslCell } from './TpslCell.tsx'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const position = aPosition
const cell = (over: Partial<TradingPosition>) =>
  render(
    <I18nProvider i18n={i18n}>
      <TpslCell position={position(over)} digits={1} />
    </I18nProvider>,
  )

describe("a position's TP / SL cell (issue 28, S2 7)", () => {
  it('shows the take profit and stop loss prices with the PnL closing there would make', () => {
    // The report's steps: a 0.02 BTC long at 81,792.3, TP 84,000, SL 80,000.
    cell({ takeProfitPrice: '84000', stopLossPrice: '80000' })
    const text = screen.getByTestId('position-tpsl').textContent
    // (84,000 − 81,792.3) × 0.02 = 44.154; (80,000 − 81,792.3) × 0.02 = −35.846
    expect(text).toBe('TP84,000.0(+44.15)SL80,000.0(-35.84)')
  })

  it('turns the signs round for a short, and shows a dash for one not set', () => {
    cell({ side: 'short', takeProfitPrice: '80000' })
    expect(screen.getByTestId('position-tpsl').textContent).toBe('TP80,000.0(+35.84)SL --')
  })
})
