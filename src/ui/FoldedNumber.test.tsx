// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FoldedNumber } from './FoldedNumber.tsx'

afterEach(cleanup)

describe('FoldedNumber', () => {
  it('draws the zero count small and gives screen readers the full number', () => {
    const { container } = render(<FoldedNumber text="0.0{5}123" full="0.00000123" />)
    expect(container.querySelector('sub')?.textContent).toBe('5')
    expect(container.querySelector('.sr-only')?.textContent).toBe('0.00000123')
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('0.05123')
  })

  it('renders an unfolded number as it is', () => {
    const { container } = render(<FoldedNumber text="1,234.50" full="1234.5" />)
    expect(container.textContent).toBe('1,234.50')
    expect(container.querySelector('sub')).toBeNull()
  })
})
