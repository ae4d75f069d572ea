// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FoldedNumber } from './FoldedNumber.tsx'

afterEach(cleanup)

describe('FoldedNumber', () => {
  it('draws the zero count small and gives screen readers the full number', () => {
    const { container } = render(<FoldedNumber text="0.0{5}123" />)
    expect(container.querySelector('sub')?.textContent).toBe('5')
    expect(container.querySelector('.sr-only')?.textContent).toBe('0.00000123')
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('0.05123')
    expect(container.textContent).not.toMatch(/[{}]/)
  })

  it('reads every run of a number folded more than once, grouping and sign kept', () => {
    const { container } = render(<FoldedNumber text="-1,234.0{4}10{5}" />)
    expect(container.querySelector('.sr-only')?.textContent).toBe('-1,234.0000100000')
    expect([...container.querySelectorAll('sub')].map((sub) => sub.textContent)).toEqual(['4', '5'])
  })

  it('renders an unfolded number as it is', () => {
    const { container } = render(<FoldedNumber text="1,234.50" />)
    expect(container.textContent).toBe('1,234.50')
    expect(container.querySelector('sub')).toBeNull()
  })
})
