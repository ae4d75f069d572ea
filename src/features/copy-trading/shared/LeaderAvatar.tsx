/** A lead trader's avatar, or the default one (§9) when they have none. */
const DEFAULT_AVATAR = '/avatars/default.svg'

export function LeaderAvatar({ src, size = 40 }: { src: string | null; size?: number }) {
  return (
    <img
      src={src ?? DEFAULT_AVATAR}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-full bg-sunken"
      style={{ width: size, height: size }}
    />
  )
}
