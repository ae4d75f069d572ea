/** Accounts and sessions: verification codes, registration, login, logout. */
import { z } from 'zod'
import { okEnvelope } from './envelope.schemas.ts'
import {
  emailSchema,
  inviteCodeSchema,
  mobileSchema,
  newPasswordSchema,
  passwordSchema,
  registrationEmailSchema,
  verificationCodeSchema,
} from './text.schemas.ts'

export const ACCOUNT_TYPES = ['email', 'mobile'] as const
export const accountTypeSchema = z.enum(ACCOUNT_TYPES)
export type AccountType = z.infer<typeof accountTypeSchema>

/**
 * The §7 `deviceId` header: a random UUID the device keeps (features/device). Set by the client, so it identifies
 * nothing for sure: the exchange records it at sign-in and registration and only ever flags on it, never refuses.
 */
export const DEVICE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

export const CODE_PURPOSES = ['register', 'reset-password'] as const
export type CodePurpose = (typeof CODE_PURPOSES)[number]
/** What POST /v2/users/verify-code/send sends; a reset code has its own call, which sends only to an account. */
export const codePurposeSchema = z.enum(['register'])

/** The account field's rule depends on its type, so every account-bearing body is a union on `accountType`. */
/**
 * A solved ALTCHA challenge: base64 of `{ challenge, solution }` as the widget submits it. Asked for on sending a code,
 * on registration, and on sign-in after repeated wrong passwords.
 */
export const verificationPayloadSchema = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9+/=_-]+$/)
  .describe('A solved challenge of GET /v2/users/verification/challenge, base64 of { challenge, solution }')
const verificationField = { verification: verificationPayloadSchema.optional() }

export const sendCodeRequestSchema = z
  .discriminatedUnion('accountType', [
    z.strictObject({
      accountType: z.literal('email'),
      account: registrationEmailSchema,
      purpose: codePurposeSchema,
      ...verificationField,
    }),
    z.strictObject({
      accountType: z.literal('mobile'),
      account: mobileSchema,
      purpose: codePurposeSchema,
      ...verificationField,
    }),
  ])
  .meta({ id: 'SendCodeRequest' })
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>

export const sendCodeResponseSchema = okEnvelope(
  z.object({ sent: z.literal(true), expiresIn: z.number().int().positive().describe('seconds') }),
).meta({ id: 'SendCodeResponse' })
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>

const registerFields = {
  password: newPasswordSchema,
  code: verificationCodeSchema,
  inviteCode: inviteCodeSchema.optional(),
  ...verificationField,
}

export const registerRequestSchema = z
  .discriminatedUnion('accountType', [
    z.strictObject({ accountType: z.literal('email'), account: registrationEmailSchema, ...registerFields }),
    z.strictObject({ accountType: z.literal('mobile'), account: mobileSchema, ...registerFields }),
  ])
  .meta({ id: 'RegisterRequest' })
export type RegisterRequest = z.infer<typeof registerRequestSchema>

export const loginRequestSchema = z
  .discriminatedUnion('accountType', [
    z.strictObject({
      accountType: z.literal('email'),
      account: emailSchema,
      password: passwordSchema,
      ...verificationField,
    }),
    z.strictObject({
      accountType: z.literal('mobile'),
      account: mobileSchema,
      password: passwordSchema,
      ...verificationField,
    }),
  ])
  .meta({ id: 'LoginRequest' })
export type LoginRequest = z.infer<typeof loginRequestSchema>

export const sessionSchema = z
  .object({
    token: z.string().describe('Opaque session token; send it as `Authorization: Bearer <token>`'),
    expiresAt: z.iso.datetime(),
    userId: z.string(),
  })
  .meta({ id: 'Session' })
export type Session = z.infer<typeof sessionSchema>

export const sessionResponseSchema = okEnvelope(sessionSchema).meta({ id: 'SessionResponse' })
export type SessionResponse = z.infer<typeof sessionResponseSchema>

/** The password was right and the account has two-factor authentication on: the second step needs this ticket. */
export const secondFactorSchema = z
  .object({
    secondFactor: z.literal('totp'),
    ticket: z.string().describe('Opaque; send it with the code to POST /v2/users/login/two-factor'),
    expiresIn: z.number().int().positive().describe('seconds'),
  })
  .meta({ id: 'SecondFactor' })
export type SecondFactor = z.infer<typeof secondFactorSchema>

export const loginResponseSchema = okEnvelope(z.union([sessionSchema, secondFactorSchema])).meta({
  id: 'LoginResponse',
})
export type LoginResponse = z.infer<typeof loginResponseSchema>

/** An ALTCHA (v2) proof-of-work challenge, signed by the exchange; the widget solves it. */
export const verificationChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional().describe('seconds since the epoch'),
    }),
    signature: z.string().optional(),
  })
  .meta({ id: 'VerificationChallenge' })
export type VerificationChallenge = z.infer<typeof verificationChallengeSchema>

export const verificationChallengeResponseSchema = okEnvelope(verificationChallengeSchema).meta({
  id: 'VerificationChallengeResponse',
})
