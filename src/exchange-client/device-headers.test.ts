import { describe, expect, it } from 'vitest'
import { deviceHeaders } from './device-headers.ts'

const ID = '3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f'
const FP = 'a'.repeat(64)

const reader = (cookies: Record<string, string>) => (name: string) => cookies[name]

describe('device headers (§7)', () => {
  it('forwards a well-formed device id and fingerprint from their cookies', () => {
    expect(deviceHeaders(reader({ device_id: ID, device_fp: FP }))).toEqual({ deviceId: ID, fingerprint: FP })
    expect(deviceHeaders(reader({ device_id: ID.toUpperCase() })).deviceId).toBe(ID)
  })

  it('drops values of the wrong length or characters', () => {
    for (const bad of ['', 'x', `${ID}\r\nx-evil: 1`, ID.slice(1), `${ID}0`, '3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6g']) {
      expect(deviceHeaders(reader({ device_id: bad })).deviceId).toBe('')
    }
    for (const bad of ['', 'A'.repeat(64), 'a'.repeat(63), 'a'.repeat(65), `${'a'.repeat(63)}z`]) {
      expect(deviceHeaders(reader({ device_fp: bad })).fingerprint).toBe('')
    }
    expect(deviceHeaders(reader({}))).toEqual({ deviceId: '', fingerprint: '' })
  })
})
