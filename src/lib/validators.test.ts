import { describe, expect, it } from 'vitest'
import {
  firstValidationCode,
  validateAnalyticsName,
  validateCode,
  validateEmail,
  validateMobile,
  validatePassword,
  validateUserId,
} from './validators.ts'

describe('validators (§5)', () => {
  it.each([
    ['name@example.com', null],
    ['first.last-1_x+tag@sub.example.co', null],
    ['', 'required'],
    ['name@example', 'email-invalid'],
    ['name@@example.com', 'email-invalid'],
    ['na me@example.com', 'email-invalid'],
  ])('email %j → %j', (value, code) => {
    expect(validateEmail(value)).toBe(code)
  })

  it('refuses "+" in registration emails only', () => {
    expect(validateEmail('a+b@example.com', { registration: true })).toBe('email-plus')
    expect(validateEmail('a+b@example.com')).toBeNull()
    expect(validateEmail('a.b@example.com', { registration: true })).toBeNull()
  })

  it.each([
    ['123456', null],
    ['13800138000', null],
    ['12345', 'mobile-invalid'],
    ['+8613800138000', 'mobile-invalid'],
    ['138 0013', 'mobile-invalid'],
    ['', 'required'],
  ])('mobile %j → %j', (value, code) => {
    expect(validateMobile(value)).toBe(code)
  })

  it.each([
    ['Secret123', null],
    ['short1', 'password-length'],
    ['a1'.repeat(33), 'password-length'],
    ['onlyletters', 'password-letters-digits'],
    ['1234567890', 'password-letters-digits'],
  ])('password %j → %j', (value, code) => {
    expect(validatePassword(value)).toBe(code)
  })

  it('codes are six digits', () => {
    expect(validateCode('123456')).toBeNull()
    expect(validateCode('12345')).toBe('code-invalid')
    expect(validateCode('12345a')).toBe('code-invalid')
    expect(validateCode('')).toBe('code-invalid')
  })

  it('picks the first known code of a field', () => {
    expect(firstValidationCode([undefined, 'email-invalid', 'required'])).toBe('email-invalid')
    expect(firstValidationCode(['not-a-code'])).toBeUndefined()
  })

  it('analytics names start with a letter, then letters, digits or underscores, at most 50', () => {
    expect(validateAnalyticsName('page_view')).toBeNull()
    expect(validateAnalyticsName('a'.repeat(50))).toBeNull()
    expect(validateAnalyticsName('a'.repeat(51))).toBe('name-invalid')
    expect(validateAnalyticsName('1st_event')).toBe('name-invalid')
    expect(validateAnalyticsName('page-view')).toBe('name-invalid')
    expect(validateAnalyticsName('')).toBe('required')
  })

  it('user ids have 1 to 63 characters', () => {
    expect(validateUserId('10000001')).toBeNull()
    expect(validateUserId('x'.repeat(63))).toBeNull()
    expect(validateUserId('x'.repeat(64))).toBe('user-id-invalid')
    expect(validateUserId('')).toBe('user-id-invalid')
  })
})
