/**
 * A user's trade group (audit H4): the accounts linked to it, whose orders self-trade prevention treats as its own so
 * two accounts of one person cannot trade with each other to build a record. Linked, both ways: a master account and
 * its sub-accounts (users.parentUserId), sub-accounts of one master with each other, and an inviter and the accounts
 * it invited (users.invitedBy). Not transitive: an invitee of a sub-account is not linked to its master. The market
 * maker and the market flow are no users, so they are never linked to anyone.
 *
 * One SQL definition (`linkedUsers`) serves the order engine (every order placed: `linkedOwners`) and the statistics
 * (a leader's trade filled against a linked account does not count: copy/stats-refresh.ts).
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.ts'

type Reader = Pick<Database, 'execute'>

/**
 * The ids of the users linked to `user` (an SQL expression of a user id, e.g. a column of an outer query), as a
 * subquery: each arm reads one index (users' primary key, users_parent_idx, users_invited_by_idx).
 */
export function linkedUsers(user: SQL): SQL {
  return sql`select m.parent_user_id from users m where m.id = ${user} and m.parent_user_id is not null
    union select s.id from users s where s.parent_user_id = ${user}
    union select s.id from users m join users s on s.parent_user_id = m.parent_user_id where m.id = ${user} and s.id <> m.id
    union select m.invited_by from users m where m.id = ${user} and m.invited_by is not null
    union select s.id from users s where s.invited_by = ${user}`
}

const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) })

/**
 * The users linked to `userId` (its trade group, itself not included): its master, its master's other sub-accounts,
 * its own sub-accounts, its inviter and its invitees. Empty for a user with none, or for an id no user has.
 */
export async function linkedOwners(tx: Reader, userId: number): Promise<Set<number>> {
  const result = await tx.execute(sql`select g.id from (${linkedUsers(sql`${userId}::bigint`)}) as g(id)`)
  return new Set(idRows.parse(result).rows.map((row) => row.id))
}
