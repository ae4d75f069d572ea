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

export const CODE_PURPOSES = ['register'] as const
export const codePurposeSchema = z.enum(CODE_PURPOSES)
export type CodePurpose = z.infer<typeof codePurposeSchema>

/** The account field's rule depends on its type, so every account-bearing body is a union on `accountType`. */
export const sendCodeRequestSchema = z
  .discriminatedUnion('accountType', [
    z.strictObject({ accountType: z.literal('email'), account: registrationEmailSchema, purpose: codePurposeSchema }),
    z.strictObject({ accountType: z.literal('mobile'), account: mobileSchema, purpose: codePurposeSchema }),
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
    z.strictObject({ accountType: z.literal('email'), account: emailSchema, password: passwordSchema }),
    z.strictObject({ accountType: z.literal('mobile'), account: mobileSchema, password: passwordSchema }),
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
