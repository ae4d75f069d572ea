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

export const loginInputSchema = z.object({ accountType: accountTypeSchema, account, password })
export type LoginInput = z.infer<typeof loginInputSchema>

export const sendCodeInputSchema = z.object({ accountType: accountTypeSchema, account })

export const registerInputSchema = z.object({
  accountType: accountTypeSchema,
  account,
  password,
  code: z.string().check(z.regex(/^\d{6}$/)),
  inviteCode: z.optional(z.string().check(z.maxLength(20))),
})
export type RegisterInput = z.infer<typeof registerInputSchema>
