/** Password hashing with argon2id (the library's default algorithm and parameters). */
import { hash, verify } from '@node-rs/argon2'

export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false)
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the same work as a real check when the account does not exist, so the response time
 * does not reveal which accounts are registered. Always false.
 */
export async function verifyNobody(password: string): Promise<false> {
  dummyHash ??= hash('no-such-account-0')
  await verifyPassword(await dummyHash, password)
  return false
}
