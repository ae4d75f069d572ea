/**
 * Fiat display (§3): symbols of about 60 currencies (unknown codes fall back to '$'; KRW is
 * deliberately absent, as in the source map), the pricing currencies the abbreviation map knows
 * (others fall back to the default), and conversion from USDT at the exchange's rates.
 */
import Decimal from 'decimal.js'
import { DEFAULTS } from '#/app.config.ts'
import { EMPTY, formatNumber } from './number.ts'

export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  CNY: '¥',
  EUR: '€',
  JPY: '¥',
  GBP: '£',
  INR: '₹',
  TRY: '₺',
  RUB: '₽',
  VND: '₫',
  TWD: 'NT$',
  UAH: '₴',
  HKD: 'HK$',
  SGD: 'S$',
  AUD: 'A$',
  CAD: 'C$',
  NZD: 'NZ$',
  CHF: 'CHF',
  SEK: 'kr',
  NOK: 'kr',
  DKK: 'kr',
  PLN: 'zł',
  CZK: 'Kč',
  HUF: 'Ft',
  RON: 'lei',
  BGN: 'лв',
  ILS: '₪',
  AED: 'د.إ',
  SAR: '﷼',
  QAR: '﷼',
  KWD: 'د.ك',
  BHD: '.د.ب',
  OMR: '﷼',
  EGP: 'E£',
  MAD: 'د.م.',
  NGN: '₦',
  KES: 'KSh',
  ZAR: 'R',
  GHS: '₵',
  BRL: 'R$',
  ARS: '$',
  CLP: '$',
  COP: '$',
  MXN: '$',
  PEN: 'S/',
  UYU: '$U',
  PHP: '₱',
  THB: '฿',
  IDR: 'Rp',
  MYR: 'RM',
  PKR: '₨',
  BDT: '৳',
  LKR: '₨',
  NPR: '₨',
  KZT: '₸',
  UZS: 'soʻm',
  GEL: '₾',
  AZN: '₼',
  AMD: '֏',
  MNT: '₮',
  BYN: 'Br',
}

export function currencySymbol(code: string): string {
  return CURRENCY_SYMBOLS[code.toUpperCase()] ?? '$'
}

/** The pricing currencies whose amounts the app can abbreviate; another one falls back to the default. */
export function pricingCurrencyOrDefault(code: string | undefined): string {
  const upper = code?.toUpperCase()
  return upper && upper in CURRENCY_SYMBOLS ? upper : DEFAULTS.currency
}

/** USDT → fiat at a decimal-string rate (fiat per 1 USDT); undefined when the rate is unusable. */
export function convertFromUsdt(amount: string, rate: string | undefined): Decimal | undefined {
  if (!rate) return undefined
  try {
    const r = new Decimal(rate)
    const a = new Decimal(amount)
    return r.isFinite() && r.gt(0) && a.isFinite() ? a.times(r) : undefined
  } catch {
    return undefined
  }
}

/** A USDT amount shown in the pricing currency: symbol and locale-grouped amount, '--' without a rate. */
export function formatFiat(
  usdtAmount: string,
  currency: string,
  rate: string | undefined,
  tag: string,
  digits = 2,
): string {
  const code = pricingCurrencyOrDefault(currency)
  const converted = convertFromUsdt(usdtAmount, rate)
  if (!converted) return EMPTY
  return `${currencySymbol(code)}${formatNumber(converted, { digits, tag, notation: 'normal' })}`
}
