/**
 * The rebate-user flag (§3): a user who registered with the invite code of an approved affiliate
 * (KOL). The affiliate earns a rebate on that user's fees; the app marks the user as such.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { affiliateApplications, users } from '../db/schema.ts'

export async function isRebateUser(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ rebate: sql<boolean>`true` })
    .from(users)
    .innerJoin(
      affiliateApplications,
      and(eq(affiliateApplications.userId, users.invitedBy), eq(affiliateApplications.status, 'approved')),
    )
    .where(eq(users.id, userId))
    .limit(1)
  return row?.rebate === true
}
