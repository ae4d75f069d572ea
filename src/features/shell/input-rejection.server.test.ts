import { describe, expect, it } from 'vitest'
import { followRequestSchema } from '#/contract/index.ts'
import { rejectedFields } from './input-rejection.server.ts'

describe('refused server-function input', () => {
  it('names each refused field once with a reason code, however many rules it broke', () => {
    const result = followRequestSchema.safeParse({
      leaderId: '10000005',
      mode: 'fixed',
      investment: '1e308',
      fixedAmount: 1e308,
      leverageMode: 'fixed',
      fixedLeverage: 1e308,
    })
    expect(result.success).toBe(false)
    if (result.success) return
    const fields = rejectedFields(result.error)
    expect(new Set(fields.map((f) => f.field)).size).toBe(fields.length)
    expect(fields.find((f) => f.field === 'fixedLeverage')?.code).toBe('too-big')
  })

  it('tells a missing value from a wrong one', () => {
    const result = followRequestSchema.safeParse({})
    if (result.success) throw new Error('accepted an empty follow')
    expect(rejectedFields(result.error).some((f) => f.code === 'required')).toBe(true)
  })
})
