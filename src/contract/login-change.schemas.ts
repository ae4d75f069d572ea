/** Changing the login details of the signed-in account (§6: refused where the security config says changeLogin false). */
import { z } from 'zod'
import { secondFactorCodeSchema } from './security.schemas.ts'
import { newPasswordSchema, passwordSchema } from './text.schemas.ts'

export const changePasswordRequestSchema = z
  .strictObject({
    password: passwordSchema.describe('The current password'),
    newPassword: newPasswordSchema,
    code: secondFactorCodeSchema.optional().describe('With two-factor authentication on: its code or a recovery code'),
  })
  .meta({ id: 'ChangePasswordRequest' })
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>
