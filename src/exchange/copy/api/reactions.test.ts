/**
 * What the leader list needs for its watch and vote buttons, through the API: like and dislike
 * counts on every card, the caller's watches and votes in one call, and the watched-only filter
 * (signed in only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leaderPageResponseSchema, myReactionsResponseSchema } from '#/contract/index.ts'
import { expectAllExercised, startKit, type Kit, type User } from '#tests/fixtures/exchange/copy/follow-fixtures.ts'

let kit: Kit
let alpha: User, beta: User, gamma: User
let x: User, y: User, z: User

const LIST = '/copy/v1/leaders'
const REACTIONS = '/copy/v1/my/reactions'

const vote = (user: User, leader: User, value: 1 | -1 | 0) =>
  kit.call('PUT', '/copy/v1/votes/{leaderId}', {
    token: user.token,
    params: { leaderId: leader.userId },
    body: { vote: value },
  })
const watch = (user: User, leader: User, on = true) =>
  kit.call(on ? 'PUT' : 'DELETE', '/copy/v1/watches/{leaderId}', {
    token: user.token,
    params: { leaderId: leader.userId },
  })

async function list(query: Record<string, string>, token?: string) {
  const result = await kit.call('GET', LIST, { query: { q: 'reacts', sort: 'newest', order: 'asc', ...query }, token })
  expect(result.status, result.text).toBe(200)
  return leaderPageResponseSchema.parse(result.body).data
}

async function reactions(user: User) {
  const result = await kit.call('GET', REACTIONS, { token: user.token })
  expect(result.status, result.text).toBe(200)
  return myReactionsResponseSchema.parse(result.body).data
}

beforeAll(async () => {
  kit = await startKit()
  // Nicknames no seeded leader has, so `q=reacts` lists exactly these three, oldest first.
  alpha = await kit.leader({ nickname: 'ReactsAlpha' })
  kit.h.advance(1000)
  beta = await kit.leader({ nickname: 'ReactsBeta' })
  kit.h.advance(1000)
  gamma = await kit.leader({ nickname: 'ReactsGamma', status: 'paused' })
  ;[x, y, z] = [await kit.user(), await kit.user(), await kit.user()]
})
afterAll(() => kit.h.close())

describe('the leader list', () => {
  it('carries the like and dislike counts of every card', async () => {
    for (const [user, value] of [
      [x, 1],
      [y, 1],
      [z, -1],
    ] as const)
      await vote(user, alpha, value)
    await vote(x, gamma, -1)
    const page = await list({})
    expect(page.list.map((card) => [card.nickname, card.likes, card.dislikes])).toEqual([
      ['ReactsAlpha', 2, 1],
      ['ReactsBeta', 0, 0],
      ['ReactsGamma', 0, 1],
    ])
    await vote(y, alpha, 0)
    expect((await list({})).list[0]).toMatchObject({ likes: 1, dislikes: 1 })
  })

  it('watched=true lists only the caller’s watched leaders; anonymous it is 401, a bad value 400', async () => {
    kit.h.advance(1000)
    await watch(x, gamma)
    kit.h.advance(1000)
    await watch(x, alpha)
    expect((await list({ watched: 'true' }, x.token)).list.map((card) => card.nickname)).toEqual([
      'ReactsAlpha',
      'ReactsGamma',
    ])
    expect((await list({ watched: 'true', sort: 'newest', order: 'desc' }, x.token)).total).toBe(2)
    expect(await list({ watched: 'true' }, y.token)).toMatchObject({ list: [], total: 0 })
    // Without the filter a session changes nothing.
    expect((await list({}, x.token)).total).toBe(3)
    expect(kit.refused(await kit.call('GET', LIST, { query: { watched: 'true' } }), 401)).toBe('unauthorized')
    expect(kit.refused(await kit.call('GET', LIST, { query: { watched: 'yes' }, token: x.token }), 400)).toBe(
      'invalid-input',
    )
  })
})

describe('my reactions', () => {
  it('answers every watch and vote of the caller, latest first, and only theirs', async () => {
    expect(await reactions(x)).toEqual({
      watches: [alpha.userId, gamma.userId],
      votes: [
        { leaderId: gamma.userId, vote: -1 },
        { leaderId: alpha.userId, vote: 1 },
      ],
    })
    expect(await reactions(z)).toEqual({ watches: [], votes: [{ leaderId: alpha.userId, vote: -1 }] })
    expect(await reactions(beta)).toEqual({ watches: [], votes: [] })
  })

  it('follows unwatching and removed votes', async () => {
    await watch(x, gamma, false)
    await vote(x, alpha, 0)
    expect(await reactions(x)).toEqual({ watches: [alpha.userId], votes: [{ leaderId: gamma.userId, vote: -1 }] })
  })

  it('needs a session', async () => {
    expect(kit.refused(await kit.call('GET', REACTIONS), 401)).toBe('unauthorized')
    expect(kit.refused(await kit.call('GET', REACTIONS, { token: 'not-a-token' }), 401)).toBe('unauthorized')
  })
})

describe('the document', () => {
  it('lists both operations, and each was exercised above', () => {
    expectAllExercised(kit, [`get ${LIST}`, `get ${REACTIONS}`])
  })
})
