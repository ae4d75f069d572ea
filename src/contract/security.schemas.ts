/** Account security: resetting a forgotten password, two-factor authentication (TOTP), the account's sessions. */
import { z } from 'zod'
import { ACCOUNTS } from '#/app.config.ts'
import { okEnvelope } from './envelope.schemas.ts'
import { CODE_PURPOSES, verificationPayloadSchema } from './auth.schemas.ts'
import { emailSchema, mobileSchema, newPasswordSchema, passwordSchema, verificationCodeSchema } from './text.schemas.ts'

/** A 6-digit code of the authenticator app. */
export const totpCodeSchema = z.string().regex(new RegExp(`^\\d{${ACCOUNTS.totpDigits}}$`))
/** A one-time recovery code as shown at set-up (xxxxx-xxxxx); case and the dash are forgiven. */
export const recoveryCodeSchema = z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/)
/** Where a code is needed: the app's code, or one of the recovery codes instead. */
export const secondFactorCodeSchema = z.union([totpCodeSchema, recoveryCodeSchema])

export const resetCodeRequestSchema = z
  .discriminatedUnion('accountType', [
    z.strictObject({ accountType: z.literal('email'), account: emailSchema, verification: verificationPayloadSchema }),
    z.strictObject({
      accountType: z.literal('mobile'),
      account: mobileSchema,
      verification: verificationPayloadSchema,
    }),
  ])
  .meta({ id: 'ResetCodeRequest' })
export type ResetCodeRequest = z.infer<typeof resetCodeRequestSchema>

const resetFields = { code: verificationCodeSchema, newPassword: newPasswordSchema }
export const resetPasswordRequestSchema = z
  .discriminatedUnion('accountType', [
    z.strictObject({ accountType: z.literal('email'), account: emailSchema, ...resetFields }),
    z.strictObject({ accountType: z.literal('mobile'), account: mobileSchema, ...resetFields }),
  ])
  .meta({ id: 'ResetPasswordRequest' })
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>

export const loginTwoFactorRequestSchema = z
  .strictObject({ ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/), code: secondFactorCodeSchema })
  .meta({ id: 'LoginTwoFactorRequest' })
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequestSchema>

export const twoFactorStatusResponseSchema = okEnvelope(
  z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int().nonnegative() }),
).meta({ id: 'TwoFactorStatusResponse' })
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponseSchema>['data']

export const twoFactorSetupRequestSchema = z
  .strictObject({ password: passwordSchema.describe('The current password') })
  .meta({ id: 'TwoFactorSetupRequest' })

/** Shown once, while setting up: the secret is never sent again. */
export const twoFactorSetupResponseSchema = okEnvelope(
  z.object({
    secret: z.string().describe('Base32, for typing into the authenticator app'),
    uri: z.string().describe('otpauth:// URI, for the QR code'),
  }),
).meta({ id: 'TwoFactorSetupResponse' })
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponseSchema>['data']

export const twoFactorEnableRequestSchema = z
  .strictObject({ code: totpCodeSchema })
  .meta({ id: 'TwoFactorEnableRequest' })

/** The recovery codes, shown once: only their hashes are kept. */
export const twoFactorEnableResponseSchema = okEnvelope(
  z.object({ recoveryCodes: z.array(z.string()).length(ACCOUNTS.recoveryCodeCount) }),
).meta({ id: 'TwoFactorEnableResponse' })

export const twoFactorDisableRequestSchema = z
  .strictObject({ password: passwordSchema, code: secondFactorCodeSchema })
  .meta({ id: 'TwoFactorDisableRequest' })

export const accountSessionSchema = z
  .object({
    id: z.string(),
    userAgent: z.string().nullable(),
    /** Coarse: the network, not the address (IPv4 /24, IPv6 /48). */
    network: z.string().nullable(),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' })
export type AccountSession = z.infer<typeof accountSessionSchema>

export const accountSessionsResponseSchema = okEnvelope(z.array(accountSessionSchema)).meta({
  id: 'AccountSessionsResponse',
})

export const revokeSessionRequestSchema = z.strictObject({ id: z.uuid() }).meta({ id: 'RevokeSessionRequest' })

export const revokedSessionsResponseSchema = okEnvelope(z.object({ revoked: z.number().int().nonnegative() })).meta({
  id: 'RevokedSessionsResponse',
})

/** The sandbox inbox (GET /dev/inbox/messages): the codes kept for one address instead of mailed, newest first. */
export const sandboxInboxResponseSchema = okEnvelope(
  z.object({
    messages: z.array(
      z.object({ address: z.string(), code: z.string(), purpose: z.enum(CODE_PURPOSES), sentAt: z.iso.datetime() }),
    ),
  }),
).meta({ id: 'SandboxInboxResponse' })
export type SandboxInbox = z.infer<typeof sandboxInboxResponseSchema>['data']
