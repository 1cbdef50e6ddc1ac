import { DEFAULT_AVATAR_COUNT, defaultAvatarNumber } from '@marquee/domain';

/**
 * The URL of default avatar `n` (1 to 11; D§9 "Default avatar images 1 to 11", decision 0061): real
 * SVG files in the app's public/avatars, served beside the app by the same origin.
 */
export function defaultAvatarUrl(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > DEFAULT_AVATAR_COUNT) throw new Error(`No default avatar ${n}`);
  return `/avatars/avatar-${n}.svg`;
}

/**
 * A user's avatar: users have no image of their own yet, so every one shows the default avatar
 * chosen stably from their id. Decorative beside the name it accompanies (empty alt).
 */
export function Avatar({
  userId,
  size = 32,
  className,
}: {
  userId: string;
  size?: number;
  className?: string;
}) {
  const n = defaultAvatarNumber(userId);
  return (
    <img
      className={className}
      src={defaultAvatarUrl(n)}
      width={size}
      height={size}
      alt=""
      data-testid="avatar"
      data-avatar={n}
    />
  );
}
