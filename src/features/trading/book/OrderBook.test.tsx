// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Depth } from '#/contract/index.ts'
import { OrderBook } from './OrderBook.tsx'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const TICK = '0.00000001'
const book: Depth = {
  pairCode: 'PEPE_USDT',
  biz: 'spot',
  sequence: 1,
  time: 1_700_000_000_000,
  bids: [['0.00000123', '1000000']],
  asks: [['0.00000124', '1000000']],
}

describe('the order book of a pair with a tiny price', () => {
  it('draws its levels folded and names each level with the whole price', () => {
    render(
      <I18nProvider i18n={i18n}>
        <OrderBook
          book={book}
          pair={{
            pairCode: 'PEPE_USDT',
            base: 'PEPE',
            quote: 'USDT',
            priceDigits: 8,
            sizeDigits: 0,
            label: 'PEPE/USDT',
          }}
          tick={TICK}
          last="0.00000123"
          staleness={{ stale: false, ageMs: 0 }}
          onPickPrice={() => {}}
        />
      </I18nProvider>,
    )
    const level = screen.getByRole('button', { name: 'Use price 0.00000123' })
    expect(level.querySelector('sub')?.textContent).toBe('5')
    expect(screen.getByTestId('order-book').textContent).not.toMatch(/[{}]/)
  })
})
