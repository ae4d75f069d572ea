/**
 * A user's trade group on a real database (PGlite): master and sub-accounts, sub-accounts of one master, inviter and
 * invitees are linked both ways; nobody else is, and the links do not chain.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { linkedOwners } from './trade-group.ts'
import { addUser } from '#tests/fixtures/exchange/copy/stats-fixtures.ts'
import { memoryDatabase } from '#tests/fixtures/exchange/database-template.ts'

let handle: DatabaseHandle
/** master ─ subA, subB (sub-accounts); inviter ─ invitee; invitee ─ inviteeOfInvitee; subA ─ invitedBySub; loner. */
const u = {
  master: 0,
  subA: 0,
  subB: 0,
  inviter: 0,
  invitee: 0,
  inviteeOfInvitee: 0,
  invitedBySub: 0,
  loner: 0,
}

async function link(id: number, change: { parentUserId?: number; invitedBy?: number }) {
  await handle.db
    .update(users)
    .set({ ...change, ...(change.parentUserId === undefined ? {} : { userSubType: 2 }) })
    .where(eq(users.id, id))
}

beforeAll(async () => {
  handle = await memoryDatabase()
  for (const name of Object.keys(u) as (keyof typeof u)[]) u[name] = await addUser(handle.db, name)
  await link(u.subA, { parentUserId: u.master })
  await link(u.subB, { parentUserId: u.master })
  await link(u.invitee, { invitedBy: u.inviter })
  await link(u.inviteeOfInvitee, { invitedBy: u.invitee })
  await link(u.invitedBySub, { invitedBy: u.subA })
})
afterAll(() => handle.close())

const group = async (id: number) => [...(await linkedOwners(handle.db, id))].sort((a, b) => a - b)
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b)

describe('linkedOwners', () => {
  it('links a master to its sub-accounts, and each sub-account to its master and its siblings', async () => {
    expect(await group(u.master)).toEqual(sorted(u.subA, u.subB))
    expect(await group(u.subB)).toEqual(sorted(u.master, u.subA))
    // A sub-account's own invitee is in its group too, but not in its master's or its sibling's.
    expect(await group(u.subA)).toEqual(sorted(u.master, u.subB, u.invitedBySub))
  })

  it('links an inviter and its invitees both ways, one step only', async () => {
    expect(await group(u.inviter)).toEqual([u.invitee])
    expect(await group(u.invitee)).toEqual(sorted(u.inviter, u.inviteeOfInvitee))
    // The invitee's invitee is not linked to the first inviter: links do not chain.
    expect(await group(u.inviteeOfInvitee)).toEqual([u.invitee])
    expect(await group(u.invitedBySub)).toEqual([u.subA])
  })

  it('links an unrelated account, and an id nobody has, to nobody', async () => {
    expect(await group(u.loner)).toEqual([])
    expect(await group(99_999_999)).toEqual([])
  })
})
