/**
 * The signed-in user as a lead trader: checklist, applying, terms, profile, followers, profit share and stopping, asked
 * of the exchange with the session (server side).
 */
import { COPY_PAGES } from '#/app.config.ts'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  copyBizSchema,
  idSchema,
  leaderApplyRequestSchema,
  leaderCancelResponseSchema,
  leaderInfoRequestSchema,
  leaderProfitShareDetailPageResponseSchema,
  leaderProfitShareResponseSchema,
  leaderRequirementsResponseSchema,
  leaderSettingsRequestSchema,
  myFollowerPageResponseSchema,
  myFollowerResponseSchema,
  myLeaderCentreResponseSchema,
  myLeaderProfileResponseSchema,
} from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

const pageSchema = z.object({ page: z.number().int().min(1).max(10_000) })
/** Rows per page of the leader centre's lists. */

export const getLeadSummary = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) => exchange.load('/copy/v1/leader/summary', myLeaderCentreResponseSchema))

export const getLeadRequirements = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ biz: copyBizSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(`/copy/v1/leader/requirements?biz=${data.biz}`, leaderRequirementsResponseSchema),
  )

export const applyToLead = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(leaderApplyRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/copy/v1/leader/apply', myLeaderProfileResponseSchema, data),
  )

export const getLeadSettings = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) => exchange.load('/copy/v1/leader/settings', myLeaderProfileResponseSchema))

export const saveLeadSettings = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(leaderSettingsRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('PUT', '/copy/v1/leader/settings', myLeaderProfileResponseSchema, data),
  )

export const saveLeadInfo = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(leaderInfoRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('PUT', '/copy/v1/leader/info', myLeaderProfileResponseSchema, data),
  )

export const listLeadFollowers = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(pageSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(
      `/copy/v1/leader/followers?page=${data.page}&pageSize=${COPY_PAGES.leadCentre}`,
      myFollowerPageResponseSchema,
    ),
  )

export const removeLeadFollower = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ copyId: idSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('DELETE', `/copy/v1/leader/followers/${data.copyId}`, myFollowerResponseSchema),
  )

export const getLeadProfitShare = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(pageSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(
      `/copy/v1/leader/profit-share?page=${data.page}&pageSize=${COPY_PAGES.leadCentre}`,
      leaderProfitShareResponseSchema,
    ),
  )

export const listLeadProfitShareDetails = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(pageSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(
      `/copy/v1/leader/profit-share/details?page=${data.page}&pageSize=${COPY_PAGES.leadCentre}`,
      leaderProfitShareDetailPageResponseSchema,
    ),
  )

export const stopLeading = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) => exchange.send('DELETE', '/copy/v1/leader', leaderCancelResponseSchema))
