import { useEffect, useState } from 'react';
import type { PlatformSubscription } from '../platform';

/**
 * The latest value of a platform setting (the TV's closed captions, language, device: `Platform`'s
 * on… subscriptions), or undefined until the platform has told it or when it has no such setting.
 */
export function usePlatformSetting<T>(subscribe: PlatformSubscription<T> | undefined): T | undefined {
  const [value, setValue] = useState<{ of: PlatformSubscription<T>; value: T } | null>(null);
  useEffect(() => subscribe?.((next) => setValue({ of: subscribe, value: next })), [subscribe]);
  return value && value.of === subscribe ? value.value : undefined;
}
