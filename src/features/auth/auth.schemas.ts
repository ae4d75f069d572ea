import { z } from 'zod/mini'
import { ACCOUNTS } from '#/app.config.ts'
import { safeRedirectPath } from '#/lib/safe-redirect.ts'

/** A return path: kept only when it is a same-origin relative path, otherwise dropped (home). */
const returnPath = z.optional(z.pipe(z.unknown(), z.transform(safeRedirectPath)))

export const loginSearchSchema = z.object({
  forwardUrl: returnPath,
  redirectUrl: returnPath,
})

export const registerSearchSchema = z.object({
  forwardUrl: returnPath,
  inviteCode: z.optional(z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{1,20}$/))), undefined)),
})

export const accountTypeSchema = z.enum(['email', 'mobile'])
export type AccountType = z.infer<typeof accountTypeSchema>

const account = z.string().check(z.minLength(1), z.maxLength(254))
const password = z.string().check(z.minLength(1), z.maxLength(ACCOUNTS.passwordMaxLength))

/** A solved verification challenge (the widget's payload), passed on to the exchange as is. */
const verification = z.optional(z.string().check(z.maxLength(4096)))

export const loginInputSchema = z.object({ accountType: accountTypeSchema, account, password, verification })
export type LoginInput = z.infer<typeof loginInputSchema>

export const sendCodeInputSchema = z.object({ accountType: accountTypeSchema, account, verification })

export const registerInputSchema = z.object({
  accountType: accountTypeSchema,
  account,
  password,
  code: z.string().check(z.regex(/^\d{6}$/)),
  inviteCode: z.optional(z.string().check(z.maxLength(20))),
  verification,
})
export type RegisterInput = z.infer<typeof registerInputSchema>

/** The app's 6 digits or a recovery code (xxxxx-xxxxx); the exchange checks which. */
const secondFactorCode = z.string().check(z.regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/))

export const loginTwoFactorInputSchema = z.object({ code: secondFactorCode })

export const resetPasswordInputSchema = z.object({
  accountType: accountTypeSchema,
  account,
  code: z.string().check(z.regex(/^\d{6}$/)),
  newPassword: password,
})
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>

export const changePasswordInputSchema = z.object({
  password,
  newPassword: password,
  code: z.optional(secondFactorCode),
})
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>

export const passwordOnlyInputSchema = z.object({ password })
export const enableTwoFactorInputSchema = z.object({ code: z.string().check(z.regex(/^\d{6}$/)) })
export const disableTwoFactorInputSchema = z.object({ password, code: secondFactorCode })
