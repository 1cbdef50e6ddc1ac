import { vi } from 'vitest';
import type { PlatformContext } from './types';

/** The shell's side of an adapter, as spies (for the adapters' tests): events arrive on `target`. */
export function spyContext(target: PlatformContext['target'] = new EventTarget()) {
  const openContent = vi.fn<(url: string) => void>();
  const notify = vi.fn<PlatformContext['notify']>();
  const tracks = {
    closedCaptions: vi.fn<(enabled: boolean) => void>(),
    language: vi.fn<(language: string) => void>(),
  };
  const ctx: PlatformContext = { notify, openContent, target, tracks };
  return { ctx, openContent, notify, tracks };
}
