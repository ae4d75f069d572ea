// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { numericSix } from './filters.ts'
import { useInputFilter } from './useInputFilter.ts'

function CodeInput() {
  const [value, setValue] = useState('')
  const filter = useInputFilter(numericSix, setValue)
  return (
    <>
      <input aria-label="code" value={value} {...filter} />
      <output>{value}</output>
    </>
  )
}

afterEach(cleanup)

function setup() {
  const view = render(<CodeInput />)
  const input = view.getByLabelText('code')
  if (!(input instanceof HTMLInputElement)) throw new Error('no input')
  return { input, output: () => view.container.querySelector('output')?.textContent }
}

describe('useInputFilter', () => {
  it('filters as the user types', () => {
    const { input, output } = setup()
    fireEvent.change(input, { target: { value: '12a3-45678' } })
    expect(input.value).toBe('123456')
    expect(output()).toBe('123456')
  })

  it('leaves text alone during IME composition and filters it on compositionend', () => {
    const { input, output } = setup()
    act(() => {
      fireEvent.compositionStart(input)
    })
    fireEvent.change(input, { target: { value: '12三' } })
    expect(output()).toBe('12三')
    act(() => {
      fireEvent.compositionEnd(input)
    })
    expect(input.value).toBe('12')
    expect(output()).toBe('12')
  })

  it('keeps the caret where the user was typing', () => {
    const { input } = setup()
    fireEvent.change(input, { target: { value: '1234' } })
    fireEvent.change(input, { target: { value: '12x34', selectionStart: 3, selectionEnd: 3 } })
    expect(input.value).toBe('1234')
    expect(input.selectionStart).toBe(2)
  })
})
