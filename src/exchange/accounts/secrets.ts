/** Random tokens and codes, and the hashes stored in their place. */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

/** A uniformly random string of decimal digits (crypto-grade, no modulo bias). */
export function randomDigits(length: number): string {
  let digits = ''
  for (let i = 0; i < length; i++) digits += String(randomInt(10))
  return digits
}

export function newSalt(): string {
  return randomBytes(16).toString('base64url')
}

export function codeHash(salt: string, code: string): string {
  return sha256Hex(`${salt}:${code}`)
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** `length` characters drawn uniformly (crypto-grade) from `alphabet`. */
export function randomFromAlphabet(alphabet: string, length: number): string {
  let text = ''
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)] ?? ''
  return text
}

/** No 0/O or 1/I: invite codes are read aloud and typed by hand. */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const INVITE_LENGTH = 8

export function newInviteCode(): string {
  return randomFromAlphabet(INVITE_ALPHABET, INVITE_LENGTH)
}
