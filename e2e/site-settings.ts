import { join } from 'node:path';
import Database from 'better-sqlite3';
import { e2eDataDir } from './viewers';

/** The demo site's perms and chat settings as stored (JSON text). */
export type DemoSettings = { perms: string; chat: string };

/**
 * Rewrites the demo site's settings from what is stored now and returns what restores them. The
 * server reads site settings through a short cache, so a test waits for their effect, not for time.
 */
function changeDemo(change: (saved: DemoSettings) => DemoSettings): () => void {
  const path = join(e2eDataDir, 'marquee.sqlite');
  const read = new Database(path, { readonly: true });
  const saved = read.prepare("SELECT perms, chat FROM sites WHERE uid = 'demo'").get() as DemoSettings;
  read.close();
  const write = (settings: DemoSettings) => {
    const db = new Database(path);
    try {
      db.prepare("UPDATE sites SET perms = ?, chat = ? WHERE uid = 'demo'").run(
        settings.perms,
        settings.chat,
      );
    } finally {
      db.close();
    }
  };
  write(change(saved));
  return () => write(saved);
}

/** Sets the demo site's chat settings for a test file and returns what restores them. */
export function setDemoChat(chat: object): () => void {
  return changeDemo((saved) => ({ perms: saved.perms, chat: JSON.stringify(chat) }));
}

/** Sets some of the demo site's perms (the others kept) and returns what restores them. */
export function setDemoPerms(perms: object): () => void {
  return changeDemo((saved) => ({
    perms: JSON.stringify({ ...(JSON.parse(saved.perms) as object), ...perms }),
    chat: saved.chat,
  }));
}

/**
 * Rewrites one JSON column of a site's row (`sites.ads`, `site_structure.landing`…) and returns what
 * restores it. Like the rest here, its effect reaches pages after the server's short site cache.
 */
function changeSiteJson<T extends object>(
  table: 'sites' | 'site_structure',
  column: string,
  siteUid: string,
  change: (stored: T) => T,
): () => void {
  const key = table === 'sites' ? 'uid' : 'site_uid';
  const path = join(e2eDataDir, 'marquee.sqlite');
  const run = (fn: (db: Database.Database) => void) => {
    const db = new Database(path);
    try {
      fn(db);
    } finally {
      db.close();
    }
  };
  let saved = '';
  run((db) => {
    saved = (db.prepare(`SELECT ${column} AS v FROM ${table} WHERE ${key} = ?`).get(siteUid) as { v: string })
      .v;
    const changed = JSON.stringify(change(JSON.parse(saved) as T));
    db.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${key} = ?`).run(changed, siteUid);
  });
  return () =>
    run((db) => db.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${key} = ?`).run(saved, siteUid));
}

/** Sets some of a site's banner settings (ads.banners; the rest kept) and returns what restores them. */
export function setSiteBanners(siteUid: string, banners: object): () => void {
  return changeSiteJson<{ banners: object }>('sites', 'ads', siteUid, (ads) => ({
    ...ads,
    banners: { ...ads.banners, ...banners },
  }));
}

/** Sets a site's native app links (site_structure.landing.apps) and returns what restores them. */
export function setSiteApps(
  siteUid: string,
  apps: { ios: string | null; android: string | null },
): () => void {
  return changeSiteJson<object>('site_structure', 'landing', siteUid, (landing) => ({ ...landing, apps }));
}
