import { describe, expect, it } from 'vitest'
import {
  COPY,
  FUTURES,
  ConfigError,
  DEFAULT_LOCALE,
  LOCALES,
  loadConfig,
  publicConfig,
  spotSubdomainBase,
  TIMING,
  WEBSOCKET,
  QUERY_LIMITS,
} from './app.config.ts'

describe('loadConfig', () => {
  it('uses the embedded defaults on an empty environment', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.product).toBe('tandem')
    expect(config.api).toEqual({ spotBase: '/spotapi', futuresBase: '/futuresapi', wsUrl: '/ws' })
    expect(config.siteUrl).toBe('http://localhost:3000')
    expect(config.features).toEqual({ futures: true, hbtSwitch: true })
    expect(config.reloadGuardMs).toBe(10_000)
  })

  it('lets configured API bases and websocket URL win', () => {
    const config = loadConfig({
      SPOT_API_BASE: 'https://spotapi.example.com',
      FUTURES_API_BASE: 'https://futuresapi.example.com',
      WS_URL: 'wss://ws.example.com/ws',
      PORT: '8080',
      PRODUCT: 'acme',
      FUTURES_ENABLED: 'off',
    })
    expect(config.api.spotBase).toBe('https://spotapi.example.com')
    expect(config.api.wsUrl).toBe('wss://ws.example.com/ws')
    expect(config.port).toBe(8080)
    expect(config.product).toBe('acme')
    expect(config.features.futures).toBe(false)
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000)
  })

  it.each([
    ['PORT', 'abc', 'port number'],
    ['PORT', '70000', 'PORT'],
    ['PRODUCT', 'Bad Name', 'lower-case letters'],
    ['WS_URL', 'http://example.com/ws', 'ws, wss'],
    ['SPOT_API_BASE', 'not a url', 'absolute URL'],
    ['FUTURES_ENABLED', 'maybe', 'true/false'],
    ['NODE_ENV', 'staging', 'development, production or test'],
  ])('refuses %s=%s, naming the variable and what it accepts', (name, value, accepts) => {
    const attempt = () => loadConfig({ [name]: value })
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(new RegExp(`${name}=`))
    expect(attempt).toThrow(accepts)
  })

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', PRODUCT: '1' })
      expect.unreachable()
    } catch (error) {
      expect(String(error)).toContain('PORT=')
      expect(String(error)).toContain('PRODUCT=')
    }
  })

  it('exposes only the public part to the browser', () => {
    const pub = publicConfig(loadConfig({}))
    expect(Object.keys(pub).sort()).toEqual([
      'analytics',
      'api',
      'benchBaseline',
      'features',
      'helpCenterUrl',
      'helpDeskUrl',
      'product',
      'reloadGuardMs',
      'sandbox',
      'siteUrl',
    ])
  })
})

describe('SANDBOX and SMTP_URL', () => {
  it('is a sandbox by default, in production too: test funds, codes kept in the inbox', () => {
    const config = loadConfig({})
    expect(config.env).toBe('production')
    expect(config.devPages).toBe(false)
    expect([config.sandbox, config.codeInbox, config.mail.smtpUrl]).toEqual([true, true, undefined])
    expect(publicConfig(config).sandbox).toEqual({ enabled: true, codeInbox: true })
  })

  it('a real deployment (SANDBOX=false) sends codes by SMTP_URL, and shows no inbox', () => {
    const config = loadConfig({
      SANDBOX: 'false',
      SMTP_URL: 'smtp://mailer:s3cret@127.0.0.1:2525',
      SITE_URL: 'https://tandem.example',
    })
    expect([config.sandbox, config.codeInbox]).toEqual([false, false])
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://mailer:s3cret@127.0.0.1:2525',
      from: 'tandem <no-reply@tandem.example>',
    })
    expect(publicConfig(config).sandbox).toEqual({ enabled: false, codeInbox: false })
    expect(
      loadConfig({ SANDBOX: 'off', SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'Tandem <codes@example.com>' }).mail
        .from,
    ).toBe('Tandem <codes@example.com>')
  })

  it('mails codes whenever SMTP_URL is set: the sandbox keeps its test funds, not an inbox', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })
    expect([config.sandbox, config.codeInbox]).toEqual([true, false])
  })

  it('refuses SANDBOX=false in production without SMTP_URL, naming both variables', () => {
    const attempt = () => loadConfig({ SANDBOX: 'false' })
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(/SANDBOX=false/)
    expect(attempt).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ SANDBOX: 'false', NODE_ENV: 'production' })).toThrow(ConfigError)
  })

  it('keeps the development inbox with SANDBOX=false outside production', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadConfig({ SANDBOX: 'false', NODE_ENV })
      expect([config.sandbox, config.codeInbox]).toEqual([false, true])
    }
  })

  it.each([
    ['SANDBOX', 'maybe', 'true/false'],
    ['SMTP_URL', 'http://mail.example.com', 'smtp, smtps'],
    ['SMTP_URL', 'mail.example.com:25', 'smtp, smtps'],
    ['MAIL_FROM', 'nobody', 'an address'],
  ])('refuses %s=%s', (name, value, accepts) => {
    const attempt = () => loadConfig({ [name]: value })
    expect(attempt).toThrow(new RegExp(`${name}=`))
    expect(attempt).toThrow(accepts)
  })

  it('never prints a password it refuses', () => {
    expect(() => loadConfig({ SMTP_URL: 'ftp://mailer:s3cret@mail.example.com' })).toThrow(
      /SMTP_URL="ftp:\/\/mailer:\*\*\*@mail.example.com"/,
    )
    expect(() => loadConfig({ SMTP_URL: 'ftp://mailer:s3cret@mail.example.com' })).not.toThrow(/s3cret/)
  })
})

describe("MARKET_SEED (the market simulator's secret seed, audit H1)", () => {
  const SEED = '0123456789abcdef0123456789abcdef'

  it('is taken as lower-case hex, and unset leaves the seed to the database (or a random one)', () => {
    expect(loadConfig({ MARKET_SEED: ` ${SEED.toUpperCase()}${'ab'.repeat(16)} ` }).marketSeed).toBe(
      `${SEED}${'ab'.repeat(16)}`,
    )
    expect(loadConfig({}).marketSeed).toBeUndefined()
    expect(loadConfig({ MARKET_SEED: '' }).marketSeed).toBeUndefined()
  })

  it.each([
    ['shorter than 128 bits', SEED.slice(0, 30)],
    ['an odd number of digits', `${SEED}a`],
    ['not hexadecimal', `${SEED.slice(0, 31)}g`],
    ['a number', '20261122'],
  ])('stops start-up when %s, naming the variable and never printing the value', (_, value) => {
    const attempt = () => loadConfig({ MARKET_SEED: value })
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow('MARKET_SEED=(hidden): expected an even number of hexadecimal digits, at least 32')
    expect(attempt).not.toThrow(value)
  })

  it('is no part of what the browser gets', () => {
    expect(JSON.stringify(publicConfig(loadConfig({ MARKET_SEED: SEED })))).not.toContain(SEED)
  })

  it('keeps a refused VERIFICATION_SECRET out of the message as well', () => {
    expect(() => loadConfig({ VERIFICATION_SECRET: 'too-short-s3cret' })).toThrow('VERIFICATION_SECRET=(hidden)')
    expect(() => loadConfig({ VERIFICATION_SECRET: 'too-short-s3cret' })).not.toThrow('s3cret')
  })
})

describe('SPOT_API_BASE=subdomain (§7: a spotapi subdomain of the host)', () => {
  it('derives https://spotapi.<host> from SITE_URL, the configured host, with its scheme and port', () => {
    const config = loadConfig({ SPOT_API_BASE: 'subdomain', SITE_URL: 'https://www.example.com' })
    expect(config.api.spotBase).toBe('https://spotapi.example.com')
    expect(publicConfig(config).api.spotBase).toBe('https://spotapi.example.com')
    expect(spotSubdomainBase('https://trade.example.co.uk/')).toBe('https://spotapi.trade.example.co.uk')
    expect(spotSubdomainBase('http://example.test:8080')).toBe('http://spotapi.example.test:8080')
  })

  it('is refused for a host with no domain, and reads no request header at all', () => {
    for (const site of [undefined, 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://intranet'])
      expect(() => loadConfig({ SPOT_API_BASE: 'subdomain', SITE_URL: site }), String(site)).toThrow(
        /SPOT_API_BASE=subdomain needs SITE_URL with a domain name/,
      )
    expect(() => loadConfig({ SPOT_API_BASE: 'sub-domain' })).toThrow(/absolute URL \(http, https\) or subdomain/)
  })
})

describe('§9 constants', () => {
  it('are named with the spec values', () => {
    expect(TIMING.reloadGuardMs).toBe(10_000)
    expect(WEBSOCKET.heartbeatMs).toBe(2000)
    expect(WEBSOCKET.reconnectAfterHeartbeats).toBe(5)
    expect(QUERY_LIMITS).toEqual({ depth: 5, arrayLimit: 20, parameterLimit: 1000 })
    expect(DEFAULT_LOCALE).toBe('en_US')
    expect(LOCALES).toHaveLength(13)
  })
})

describe('leverage brackets', () => {
  it('start at the maintenance rate the instruments publish, with leverage falling and maintenance rising by tier', () => {
    for (const table of Object.values(FUTURES.brackets)) {
      expect(table[0]?.maintenanceMarginRate).toBe(COPY.maintenanceMarginRate)
      expect(table.at(-1)?.notionalCap).toBeNull()
      for (const [index, tier] of table.entries()) {
        const next = table[index + 1]
        if (!next) continue
        expect(next.maxLeverage).toBeLessThan(tier.maxLeverage)
        expect(Number(next.maintenanceMarginRate)).toBeGreaterThan(Number(tier.maintenanceMarginRate))
        // A tier's highest leverage leaves more initial margin than maintenance: 1 / leverage > rate.
        expect(1 / next.maxLeverage).toBeGreaterThan(Number(next.maintenanceMarginRate))
      }
    }
  })
})
