/**
 * Human verification: self-hosted ALTCHA proof of work. The exchange issues a challenge signed with its secret, the
 * widget solves it in the browser, and the solution comes back with the request it protects. Deterministic mode: the
 * exchange signs the expected key instead of keeping the challenge, so checking one is an HMAC, and only a used one is
 * stored (by the hash of its signature, until it expires) so that it counts once across processes.
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { createChallenge, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { lt } from 'drizzle-orm'
import { z } from 'zod'
import { VERIFICATION } from '#/app.config.ts'
import type { VerificationChallenge } from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { usedVerifications } from '../db/schema.ts'
import { ApiFailure } from '../http/errors.ts'
import { sha256Hex } from './secrets.ts'

/** The challenge signature's secret and the derived-key signature's, both from the one configured secret. */
export interface VerificationKeys {
  challenge: string
  key: string
}

const derive = (root: string, purpose: string) => createHmac('sha256', root).update(purpose).digest('base64url')

/** From VERIFICATION_SECRET; without one, a random secret of this process. */
export function verificationKeys(secret: string | undefined): VerificationKeys {
  const root = secret ?? randomBytes(32).toString('base64url')
  return { challenge: derive(root, 'altcha-challenge'), key: derive(root, 'altcha-key') }
}

export async function issueChallenge(keys: VerificationKeys, now: Date): Promise<VerificationChallenge> {
  const challenge = await createChallenge({
    algorithm: VERIFICATION.algorithm,
    cost: VERIFICATION.cost,
    counter: randomInt(VERIFICATION.counterMin, VERIFICATION.counterMax + 1),
    deriveKey,
    hmacSignatureSecret: keys.challenge,
    hmacKeySignatureSecret: keys.key,
    expiresAt: new Date(now.getTime() + VERIFICATION.challengeTtlSeconds * 1000),
  })
  return { parameters: challenge.parameters, signature: challenge.signature }
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string(), time: z.number().optional() }),
})

function decode(payload: string): z.infer<typeof payloadSchema> | undefined {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

const refuse = (reason: 'verification-required' | 'verification-invalid' | 'verification-expired') =>
  new ApiFailure(400, reason)

/**
 * Checks a solved challenge and marks it used: 400 'verification-required' without one, 'verification-invalid' for a
 * forged or wrong one, 'verification-expired' past its time (wall clock), 'verification-reused' the second time.
 */
export async function spendVerification(ctx: ExchangeContext, payload: string | undefined): Promise<void> {
  if (!payload) throw refuse('verification-required')
  const decoded = decode(payload)
  if (!decoded) throw refuse('verification-invalid')
  const { challenge, solution } = decoded
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: ctx.verification.challenge,
    hmacKeySignatureSecret: ctx.verification.key,
  })
  if (result.invalidSignature || result.invalidSolution) throw refuse('verification-invalid')
  const expiresAt = new Date(challenge.parameters.expiresAt * 1000)
  const now = ctx.wallNow()
  if (result.expired || expiresAt.getTime() <= now.getTime()) throw refuse('verification-expired')
  if (!result.verified) throw refuse('verification-invalid')
  // Used ones are forgotten once they expire, when a new one is used: the table stays small.
  await ctx.db.delete(usedVerifications).where(lt(usedVerifications.expiresAt, now))
  const stored = await ctx.db
    .insert(usedVerifications)
    .values({ signatureHash: sha256Hex(challenge.signature), expiresAt })
    .onConflictDoNothing()
    .returning({ signatureHash: usedVerifications.signatureHash })
  if (stored.length === 0) throw new ApiFailure(400, 'verification-reused')
}
