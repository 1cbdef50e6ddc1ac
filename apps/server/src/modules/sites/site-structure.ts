import { EmbedSettings, LandingSettings, LegacySettings, SiteMenus } from '@marquee/contract';
import type { SiteStructureTable } from '../../db/schema';

/** A site without a structure row: no left-menu items, default landing, no legacy slugs. */
export const EMPTY_MENUS: SiteMenus = { left: [], privacyChoices: [], social: {} };

/**
 * Parses one stored JSON column against its schema. An operator's malformed entry must not take the
 * whole site config down: it falls back to the default (and the operator sees the menu missing).
 */
function parseColumn<T>(
  raw: string | undefined,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  fallback: T,
): T {
  if (!raw) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The menus, landing and legacy settings of a site's config. */
export function siteStructure(row: SiteStructureTable | undefined) {
  return {
    menus: parseColumn(row?.menus, SiteMenus, EMPTY_MENUS),
    landing: parseColumn(row?.landing, LandingSettings, {
      externalUrl: null,
      apps: { ios: null, android: null },
    }),
    legacy: parseColumn(row?.legacy, LegacySettings, { seriesSlugs: {}, signupUrl: null }),
  };
}

/** The sites.embed column (migration 0012); a malformed value allows no origin. */
export function embedSettings(raw: string | undefined): EmbedSettings {
  return parseColumn(raw, EmbedSettings, { allowedOrigins: [] });
}
