/** The wire contract between the web app and any exchange: zod schemas of every request and response. */
export * from './envelope.schemas.ts'
export * from './text.schemas.ts'
export * from './auth.schemas.ts'
export * from './account.schemas.ts'
export * from './wallet.schemas.ts'
export * from './activity.schemas.ts'
export * from './affiliate.schemas.ts'
export * from './rates.schemas.ts'
