/** The copy-trading home's data, asked of the exchange on the server: platform figures and top lead traders per category of a market. */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { copyBizSchema, copyOverviewResponseSchema } from '../../../contract/index.ts'
import { loadEnvelope } from '../copy-api.server.ts'

export const getCopyOverview = createServerFn({ method: 'GET' })
  .validator(z.object({ biz: copyBizSchema }))
  .handler(({ data }) => loadEnvelope(`/copy/v1/overview?biz=${data.biz}`, copyOverviewResponseSchema))
