import { describe, expect, it } from 'vitest'
import { toneOf } from './tone.ts'

describe('toneOf', () => {
  it('colours gains up and losses down', () => {
    expect(toneOf('12.5')).toBe('text-up')
    expect(toneOf('-0.01')).toBe('text-down')
  })
  it('leaves zero, negative zero and unknown values plain', () => {
    expect(toneOf('0')).toBe('')
    expect(toneOf('-0.000')).toBe('')
    expect(toneOf(null)).toBe('')
    expect(toneOf('abc')).toBe('')
  })
})
