import { DEFAULT_PERMS } from '@marquee/domain';
import { z } from 'zod';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');

export const Theme = z.object({
  colors: z.object({
    primary: hexColor,
    background: hexColor,
    surface: hexColor,
    text: hexColor,
    muted: hexColor,
  }),
  logo: z.string(),
  font: z.string(),
});
export type Theme = z.infer<typeof Theme>;

export const AdSettings = z.object({
  enabled: z.boolean(),
  /** Ads run only when enabled and approved (playback-and-social §4.3). */
  status: z.enum(['approved', 'pending', 'rejected']),
  type: z.enum(['vast', 'googima']),
  url: z.string(),
  adBlockerDetection: z.boolean(),
  banners: z.object({
    frequency: z.number().int().min(1),
    offset: z.number().int().min(0),
    refreshMs: z.number().int().min(30_000),
  }),
});

export const ChatSettings = z.object({
  enabled: z.boolean(),
  slowModeSeconds: z.number().int().min(0),
  onlineUserThreshold: z.number().int().min(0),
});

export const HeartbeatSettings = z.object({
  url: z.string().nullable(),
  intervalSeconds: z.number().int().min(5),
});

export const SearchOptions = z.object({
  movies: z.boolean(),
  series: z.boolean(),
  videos: z.boolean(),
  episodes: z.boolean(),
  liveEvents: z.boolean(),
});

const permShape = Object.fromEntries(Object.keys(DEFAULT_PERMS).map((k) => [k, z.boolean()])) as Record<
  keyof typeof DEFAULT_PERMS,
  z.ZodBoolean
>;
export const Perms = z.object(permShape);

export const PageSummary = z.object({
  url: z.string(),
  title: z.string(),
  tabs: z.array(z.object({ id: z.string(), url: z.string(), title: z.string(), kind: z.string() })),
});

/** GET /v2/sites/{site}/config: everything a client needs to brand and switch itself. */
export const SiteConfig = z
  .object({
    uid: z.string(),
    name: z.string(),
    theme: Theme,
    defaultPage: z.string(),
    perms: Perms,
    ads: AdSettings,
    chat: ChatSettings,
    heartbeat: HeartbeatSettings,
    searchOptions: SearchOptions,
    pages: z.array(PageSummary),
  })
  .meta({ id: 'SiteConfig' });
export type SiteConfig = z.infer<typeof SiteConfig>;
