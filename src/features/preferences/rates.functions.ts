/** Fiat rates of one USDT, for showing amounts in the reader's pricing currency (§3). */
import { createServerFn } from '@tanstack/react-start'
import { fiatRatesSchema } from '../../contract/rates.schemas.ts'
import { isSuccess } from '../../lib/http/api-client.ts'
import { serverApi } from '../auth/api.server.ts'

export const getFiatRates = createServerFn({ method: 'GET' }).handler(async (): Promise<Record<string, string>> => {
  const envelope = await serverApi()('/open/fiat/rates')
  const parsed = isSuccess(envelope) ? fiatRatesSchema.safeParse(envelope.data) : undefined
  return parsed?.success ? parsed.data.rates : {}
})
