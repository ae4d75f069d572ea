import { describe, expect, it } from 'vitest'
import { describeDevice } from './user-agent.ts'

describe('the device a session list shows', () => {
  it('names the browser and the system of common user agents', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' })
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' })
    expect(
      describeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Linux' })
  })

  it('names nothing it cannot read', () => {
    expect(describeDevice(null)).toBeUndefined()
    expect(describeDevice('curl/8.5')).toBeUndefined()
  })
})
