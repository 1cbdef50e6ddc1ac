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

/** Sets some of a site's banner settings (ads.banners; the rest kept) and returns what restores them. */
export function setSiteBanners(siteUid: string, banners: object): () => void {
  const path = join(e2eDataDir, 'marquee.sqlite');
  const db = new Database(path);
  try {
    const { ads } = db.prepare('SELECT ads FROM sites WHERE uid = ?').get(siteUid) as { ads: string };
    const stored = JSON.parse(ads) as { banners: object };
    const changed = { ...stored, banners: { ...stored.banners, ...banners } };
    db.prepare('UPDATE sites SET ads = ? WHERE uid = ?').run(JSON.stringify(changed), siteUid);
    return () => {
      const again = new Database(path);
      try {
        again.prepare('UPDATE sites SET ads = ? WHERE uid = ?').run(ads, siteUid);
      } finally {
        again.close();
      }
    };
  } finally {
    db.close();
  }
}
