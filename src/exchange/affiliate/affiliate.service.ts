/** KOL applications: one open application per user, enforced by a partial unique index. */
import { desc, eq } from 'drizzle-orm'
import type { AffiliateApplication, AffiliateApplicationRequest } from '#/contract/index.ts'
import type { Database } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { affiliateApplications } from '../db/schema.ts'
import { ApiFailure } from '../http/errors.ts'

type Row = typeof affiliateApplications.$inferSelect

function toApplication(row: Row): AffiliateApplication {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    contact: { type: row.contactType, value: row.contactValue },
    channels: row.channels.map((channel) => ({
      platform: channel.platform,
      url: channel.url,
      audience: channel.audience,
    })),
    region: row.region,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function submitApplication(
  db: Database,
  userId: number,
  input: AffiliateApplicationRequest,
  now: Date,
): Promise<AffiliateApplication> {
  try {
    const [row] = await db
      .insert(affiliateApplications)
      .values({
        userId,
        status: 'submitted',
        name: input.name,
        contactType: input.contact.type,
        contactValue: input.contact.value,
        channels: input.channels.map((channel) => ({
          platform: channel.platform,
          url: channel.url,
          audience: channel.audience,
        })),
        region: input.region,
        message: input.message,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!row) throw new Error('insert returned no application')
    return toApplication(row)
  } catch (error) {
    if (isUniqueViolation(error, 'affiliate_applications_one_open')) {
      throw new ApiFailure(409, 'forbidden', { msg: 'An application is already open for this account' })
    }
    throw error
  }
}

export async function latestApplication(db: Database, userId: number): Promise<AffiliateApplication | null> {
  const [row] = await db
    .select()
    .from(affiliateApplications)
    .where(eq(affiliateApplications.userId, userId))
    .orderBy(desc(affiliateApplications.createdAt), desc(affiliateApplications.id))
    .limit(1)
  return row ? toApplication(row) : null
}
