import { describe, expect, it } from 'vitest'
import { convertFromUsdt, CURRENCY_SYMBOLS, currencySymbol, formatFiat, pricingCurrencyOrDefault } from './currency.ts'

describe('currency symbols (§3)', () => {
  it('maps about 60 codes, the ones the spec names included', () => {
    expect(Object.keys(CURRENCY_SYMBOLS).length).toBeGreaterThanOrEqual(55)
    expect([
      currencySymbol('USD'),
      currencySymbol('CNY'),
      currencySymbol('EUR'),
      currencySymbol('JPY'),
      currencySymbol('GBP'),
    ]).toEqual(['$', '¥', '€', '¥', '£'])
    expect([currencySymbol('INR'), currencySymbol('TRY'), currencySymbol('RUB'), currencySymbol('VND')]).toEqual([
      '₹',
      '₺',
      '₽',
      '₫',
    ])
  })

  it('falls back to $ for unknown codes, KRW included (it is not in the map)', () => {
    expect(currencySymbol('KRW')).toBe('$')
    expect(currencySymbol('XYZ')).toBe('$')
  })

  it('falls back to the default pricing currency for a code it cannot show', () => {
    expect(pricingCurrencyOrDefault('eur')).toBe('EUR')
    expect(pricingCurrencyOrDefault('KRW')).toBe('USD')
    expect(pricingCurrencyOrDefault(undefined)).toBe('USD')
  })
})

describe('conversion from USDT', () => {
  it('is exact at the exchange rate', () => {
    expect(convertFromUsdt('0.1', '7.1')?.toString()).toBe('0.71')
    expect(convertFromUsdt('123.456', '0')).toBeUndefined()
    expect(convertFromUsdt('1', undefined)).toBeUndefined()
    expect(convertFromUsdt('1', 'abc')).toBeUndefined()
  })

  it('formats with symbol and locale grouping', () => {
    expect(formatFiat('1234.5678', 'CNY', '7.1', 'zh-CN')).toBe('¥8,765.43')
    expect(formatFiat('1234.5678', 'EUR', '0.92', 'fr-FR')).toMatch(/^€1\s135,80$/)
    expect(formatFiat('1', 'USD', undefined, 'en-US')).toBe('--')
  })
})
