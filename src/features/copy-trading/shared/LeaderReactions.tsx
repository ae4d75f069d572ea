/**
 * Watch, like and dislike a lead trader. Each button shows the answer of its last call at once,
 * is disabled while a call runs (a double click sends once), and refreshes every query that shows
 * the leader. Signed out, a press goes to the login page and back.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { notify } from '#/ui/toast.ts'
import { copyRefusalText } from './refusal.texts.ts'
import { useRefreshCopyQueries } from './copy.queries.ts'
import { setLeaderVote, setLeaderWatch } from './reactions.functions.ts'
import { useLoginFirst } from './useLoginFirst.ts'

type Vote = 1 | -1 | 0

export interface LeaderReactionsProps {
  leaderId: string
  nickname: string
  watched: boolean | null
  likes?: number
  dislikes?: number
  myVote?: Vote | null
  /** Compact: icons only (the list); the names stay for screen readers. */
  compact?: boolean
}

const iconButton =
  'inline-flex items-center gap-1.5 rounded-lg border border-line px-2.5 py-1.5 text-sm hover:bg-sunken disabled:opacity-50 aria-pressed:border-brand aria-pressed:text-brand'

export function WatchButton({
  leaderId,
  nickname,
  watched,
  compact = false,
}: Pick<LeaderReactionsProps, 'leaderId' | 'nickname' | 'watched' | 'compact'>) {
  const { t, i18n } = useLingui()
  const loginFirst = useLoginFirst()
  const refresh = useRefreshCopyQueries()
  const watch = useMutation({
    mutationFn: (watching: boolean) => setLeaderWatch({ data: { leaderId, watching } }),
    onSuccess: async (result) => {
      if (result.status === 'refused') return notify(copyRefusalText(i18n, result.reason), 'error')
      notify(result.data.watching ? t`You now watch ${nickname}.` : t`You no longer watch ${nickname}.`)
      await refresh()
    },
    onError: () => notify(copyRefusalText(i18n, 'network'), 'error'),
  })
  const shown = watch.data?.status === 'ok' ? watch.data.data.watching : Boolean(watched)
  return (
    <button
      type="button"
      className={iconButton}
      aria-pressed={shown}
      aria-label={compact ? (shown ? t`Stop watching ${nickname}` : t`Watch ${nickname}`) : undefined}
      disabled={watch.isPending}
      data-testid="watch"
      onClick={() => {
        if (loginFirst() && !watch.isPending) watch.mutate(!shown)
      }}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-4"
        fill={shown ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z" />
      </svg>
      {compact ? null : shown ? <Trans>Watching</Trans> : <Trans>Watch</Trans>}
    </button>
  )
}

export function VoteButtons({
  leaderId,
  nickname,
  likes = 0,
  dislikes = 0,
  myVote = null,
}: Pick<LeaderReactionsProps, 'leaderId' | 'nickname' | 'likes' | 'dislikes' | 'myVote'>) {
  const { t, i18n } = useLingui()
  const loginFirst = useLoginFirst()
  const refresh = useRefreshCopyQueries()
  const vote = useMutation({
    mutationFn: (value: Vote) => setLeaderVote({ data: { leaderId, vote: value } }),
    onSuccess: async (result) => {
      if (result.status === 'refused') return notify(copyRefusalText(i18n, result.reason), 'error')
      notify(t`Thank you, your vote is saved.`)
      await refresh()
    },
    onError: () => notify(copyRefusalText(i18n, 'network'), 'error'),
  })
  const shown = vote.data?.status === 'ok' ? vote.data.data : { likes, dislikes, myVote: myVote ?? 0 }
  const press = (value: 1 | -1) => {
    if (loginFirst() && !vote.isPending) vote.mutate(shown.myVote === value ? 0 : value)
  }
  const likeCount = shown.likes
  const dislikeCount = shown.dislikes
  return (
    <div className="flex gap-2" role="group" aria-label={t`Rate ${nickname}`}>
      <button
        type="button"
        className={iconButton}
        aria-pressed={shown.myVote === 1}
        aria-label={t`Like, ${likeCount} likes`}
        disabled={vote.isPending}
        data-testid="like"
        onClick={() => press(1)}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill={shown.myVote === 1 ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M7 10v11H3V10h4Zm0 0 4-8c1.7 0 3 1.3 3 3v3h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 19 20H7" />
        </svg>
        <span className="tabular-nums">{likeCount}</span>
      </button>
      <button
        type="button"
        className={iconButton}
        aria-pressed={shown.myVote === -1}
        aria-label={t`Dislike, ${dislikeCount} dislikes`}
        disabled={vote.isPending}
        data-testid="dislike"
        onClick={() => press(-1)}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4 rotate-180"
          fill={shown.myVote === -1 ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M7 10v11H3V10h4Zm0 0 4-8c1.7 0 3 1.3 3 3v3h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 19 20H7" />
        </svg>
        <span className="tabular-nums">{dislikeCount}</span>
      </button>
    </div>
  )
}
