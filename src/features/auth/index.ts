/** The auth feature's front door: what routes and other features may use of it. */
export { AccountMenu } from './AccountMenu.tsx'
export { AuthFrame } from './AuthFrame.tsx'
export { LoginForm } from './LoginForm.tsx'
export { RegisterForm } from './RegisterForm.tsx'
export { accountQueries } from './account.queries.ts'
export { loginSearchSchema, registerSearchSchema } from './auth.schemas.ts'
export { clearDataOfEndedSession } from './session.ts'
