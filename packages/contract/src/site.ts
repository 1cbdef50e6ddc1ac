import { DEFAULT_PERMS, SOCIAL_NETWORKS } from '@marquee/domain';
import { z } from 'zod';
import { SiteParams } from './common';

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
  /** Video ad breaks (decision 0026): a pre-roll, mid-rolls at offsets (seconds), on every Nth video. */
  video: z.object({
    preRoll: z.boolean(),
    midRollOffsets: z.array(z.number().positive()).max(20),
    frequency: z.number().int().min(1),
  }),
  banners: z.object({
    frequency: z.number().int().min(1),
    offset: z.number().int().min(0),
    refreshMs: z.number().int().min(30_000),
    /** The ad server's markup URL ([PLACEMENT], [CACHEBUSTING]); null: slots stay empty (decision 0026). */
    url: z.string().nullable(),
    /** The placement key sent as [PLACEMENT]. */
    slot: z.string().max(120),
    /** The slot's size in CSS pixels, sent as [WIDTH] and [HEIGHT] (decision 0063). */
    size: z.object({
      width: z.number().int().min(1).max(2000),
      height: z.number().int().min(1).max(1000),
    }),
    /** A second ad server asked when the first fails or has no ad (decision 0063); null: none. */
    fallback: z.string().nullable(),
  }),
});
export type AdSettings = z.infer<typeof AdSettings>;

export const ChatSettings = z.object({
  enabled: z.boolean(),
  slowModeSeconds: z.number().int().min(0),
  onlineUserThreshold: z.number().int().min(0),
});
export type ChatSettings = z.infer<typeof ChatSettings>;

export const HeartbeatSettings = z.object({
  url: z.string().nullable(),
  intervalSeconds: z.number().int().min(5),
});
export type HeartbeatSettings = z.infer<typeof HeartbeatSettings>;

export const SearchOptions = z.object({
  movies: z.boolean(),
  series: z.boolean(),
  videos: z.boolean(),
  episodes: z.boolean(),
  liveEvents: z.boolean(),
});
export type SearchOptions = z.infer<typeof SearchOptions>;

const permShape = Object.fromEntries(Object.keys(DEFAULT_PERMS).map((k) => [k, z.boolean()])) as Record<
  keyof typeof DEFAULT_PERMS,
  z.ZodBoolean
>;
export const Perms = z.object(permShape);
export type Perms = z.infer<typeof Perms>;

export const PageSummary = z.object({
  url: z.string(),
  title: z.string(),
  /** Whether the page may open as an overlay from the left menu (discovery-and-site §2.1). */
  overlayToggle: z.boolean(),
  tabs: z.array(z.object({ id: z.string(), url: z.string(), title: z.string(), kind: z.string() })),
});
export type PageSummary = z.infer<typeof PageSummary>;

/** Left menu item types (discovery-and-site §2.9), each with what it needs to link somewhere. */
export const LEFT_MENU_ITEM_TYPES = [
  'channel-group',
  'overlay-toggle',
  'link',
  'channel',
  'subscribe',
  'gift',
  'tip-jar',
  'directory',
  'library',
] as const;
const label = z.string().min(1).max(80);
export const LeftMenuItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('channel-group'), label, channelIds: z.array(z.string()).min(1) }),
  z.object({ type: z.literal('overlay-toggle'), label, pageUrl: z.string() }),
  /** `url` may carry [USER_ID], replaced with the signed-in user's id. */
  z.object({ type: z.literal('link'), label, url: z.string() }),
  z.object({ type: z.literal('channel'), label, channelId: z.string() }),
  z.object({ type: z.literal('subscribe'), label }),
  z.object({ type: z.literal('gift'), label }),
  z.object({ type: z.literal('tip-jar'), label, url: z.string() }),
  z.object({ type: z.literal('directory'), label, pageUrl: z.string(), tabUrl: z.string() }),
  z.object({ type: z.literal('library'), label, library: z.string() }),
]);
export type LeftMenuItem = z.infer<typeof LeftMenuItem>;

export { SOCIAL_NETWORKS };

/** The left menu, its privacy-choices and social links. */
export const SiteMenus = z.object({
  left: z.array(LeftMenuItem),
  privacyChoices: z.array(z.object({ label, url: z.string() })),
  social: z.partialRecord(z.enum(SOCIAL_NETWORKS), z.string()),
});
export type SiteMenus = z.infer<typeof SiteMenus>;

/** The site's native apps' store pages: phones get a smart banner to open them (decision 0065). */
export const SiteApps = z.object({
  ios: z.url({ protocol: /^https$/ }).nullable(),
  android: z.url({ protocol: /^https$/ }).nullable(),
});
export type SiteApps = z.infer<typeof SiteApps>;

/**
 * Where visitors land: the default page, or (signed out) an optional external URL; on a phone, the
 * site's app when it has one.
 */
export const LandingSettings = z.object({
  externalUrl: z.string().nullable(),
  apps: SiteApps.default({ ios: null, android: null }),
});
export type LandingSettings = z.infer<typeof LandingSettings>;

/** Legacy links (§2.11): the brand's show and archive slugs, and the external signup site. */
export const LegacySettings = z.object({
  seriesSlugs: z.record(z.string(), z.object({ seriesUid: z.string(), channelId: z.string() })),
  signupUrl: z.string().nullable(),
});
export type LegacySettings = z.infer<typeof LegacySettings>;

/**
 * Embed settings (discovery-and-site §2.12; playback-and-social §6): the partner origins whose
 * postMessage control messages an embedded player accepts, and the only ones it sends events to.
 */
export const EmbedSettings = z.object({
  allowedOrigins: z.array(
    z.string().regex(/^https?:\/\/[^/\s]+$/, 'must be an origin (scheme://host[:port])'),
  ),
});
export type EmbedSettings = z.infer<typeof EmbedSettings>;

/**
 * The external identity platform the site signs viewers in through (accounts-and-commerce §6,
 * decision 0061): `provider` is the id of its OpenID Connect login; signup and changes of name,
 * e-mail and password are the platform's. Null when the site has none.
 */
export const IdentityPlatform = z
  .object({ provider: z.string(), name: z.string() })
  .nullable()
  .meta({ id: 'IdentityPlatform' });
export type IdentityPlatform = z.infer<typeof IdentityPlatform>;

/** GET /v2/sites/{site}/legal: the terms and privacy texts (plain text, paragraphs by blank lines). */
export const LegalTexts = z
  .object({ terms: z.string(), privacy: z.string(), updatedAt: z.string().nullable() })
  .meta({ id: 'LegalTexts' });
export type LegalTexts = z.infer<typeof LegalTexts>;

/** The external texts a site serves by type (playback-and-social §7 `external-text/{type}`). */
export const EXTERNAL_TEXT_TYPES = ['terms', 'privacy'] as const;
export type ExternalTextType = (typeof EXTERNAL_TEXT_TYPES)[number];
export const ExternalTextParams = SiteParams.extend({
  type: z.enum(EXTERNAL_TEXT_TYPES, { message: `type must be one of ${EXTERNAL_TEXT_TYPES.join(', ')}` }),
});
export type ExternalTextParams = z.infer<typeof ExternalTextParams>;
/** GET /v2/sites/{site}/external-text/{type}: one of the legal page's texts (plain text, paragraphs by blank lines). */
export const ExternalText = z
  .object({ type: z.enum(EXTERNAL_TEXT_TYPES), text: z.string(), updatedAt: z.string().nullable() })
  .meta({ id: 'ExternalText' });
export type ExternalText = z.infer<typeof ExternalText>;

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
    menus: SiteMenus,
    landing: LandingSettings,
    legacy: LegacySettings,
    embed: EmbedSettings,
    identityPlatform: IdentityPlatform,
  })
  .meta({ id: 'SiteConfig' });
export type SiteConfig = z.infer<typeof SiteConfig>;
