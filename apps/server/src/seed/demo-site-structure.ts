import type { Kysely } from 'kysely';
import type { LegacySettings, SiteMenus } from '@marquee/contract';
import type { Database } from '../db/schema';
import { DEMO_SERIES } from './demo-content';

/** Tab positions after the catalog seed's own tabs. */
const FIRST_POSITION = 100;

const DEMO_PRIVACY = [
  'Marquee Demo privacy notice',
  '',
  'We keep your e-mail address, your name and what you watched so the site can resume your videos.',
  '',
  'Nothing is shared with third parties. Ask us to delete your account at any time.',
].join('\n');

/**
 * The demo site's structure beyond the catalog seed's tabs: a home, FAQ and overlay page so that every
 * tab kind exists (discovery-and-site §2.1), a disabled page, the left menu with every item type,
 * privacy-choices and social links (§2.9), the legacy slug table (§2.11) and the privacy text.
 * Runs inside the seed's transaction, after its pages and tabs.
 */
export async function seedDemoSiteStructure(trx: Kysely<Database>, site: string): Promise<void> {
  const pages = [
    { url: 'info', title: 'Info', enabled: 1, overlay_toggle: 1 },
    { url: 'archive', title: 'Archive', enabled: 0, overlay_toggle: 0 },
  ];
  const tabs = [
    {
      id: 'demo-home',
      page_url: 'movies',
      url: 'home',
      title: 'Movies Home',
      kind: 'home',
      config: {
        heading: 'Tonight at the movies',
        text: 'Feature films, trailers and extras. Pick one and press play.',
        discoverTabId: 'demo-discover',
      },
    },
    {
      id: 'demo-faq-list',
      page_url: 'help',
      url: 'questions',
      title: 'Questions',
      kind: 'faq',
      config: {
        items: [
          {
            question: 'What can I watch here?',
            answer: 'Videos, movies, series, live channels and live events. Every video is a test pattern.',
          },
          {
            question: 'Do I need an account?',
            answer: 'No. Sign up to keep a watch list and resume videos.',
          },
          { question: 'Which devices work?', answer: 'Any modern browser, and the TV app.' },
        ],
      },
    },
    {
      id: 'demo-info-about',
      page_url: 'info',
      url: 'about-us',
      title: 'About us',
      kind: 'about',
      config: { html: '<p>Marquee is a white-label streaming platform.</p>' },
    },
    {
      id: 'demo-archive-about',
      page_url: 'archive',
      url: 'about',
      title: 'Old about',
      kind: 'about',
      config: { html: '<p>Retired.</p>' },
    },
  ];
  const menus: SiteMenus = {
    left: [
      { type: 'channel-group', label: 'Browse', channelIds: ['originals', 'newsroom', 'cinema'] },
      { type: 'overlay-toggle', label: 'Info', pageUrl: 'info' },
      { type: 'link', label: 'Help center', url: 'https://example.com/help?user=[USER_ID]' },
      { type: 'channel', label: 'Shows', channelId: 'shows' },
      { type: 'subscribe', label: 'Subscribe' },
      { type: 'gift', label: 'Give a gift' },
      { type: 'tip-jar', label: 'Tip jar', url: 'https://example.com/tip' },
      { type: 'directory', label: 'All channels', pageUrl: 'home', tabUrl: 'channels' },
      { type: 'library', label: 'My library', library: 'favorites' },
    ],
    privacyChoices: [
      { label: 'Your privacy choices', url: 'https://example.com/privacy-choices' },
      { label: 'Do not sell my information', url: 'https://example.com/do-not-sell' },
    ],
    social: {
      instagram: 'https://instagram.com/marquee',
      facebook: 'https://facebook.com/marquee',
      twitter: 'https://twitter.com/marquee',
      'google-plus': 'https://plus.google.com/marquee',
      youtube: 'https://youtube.com/marquee',
    },
  };
  // A small slug table of one old brand: its contents are not in the spec (decision 0015).
  const legacy: LegacySettings = {
    seriesSlugs: Object.fromEntries(
      DEMO_SERIES.flatMap((s) => {
        const slug = s.uid.replace(/^demo-series-/, '');
        const target = { seriesUid: s.uid, channelId: 'shows' };
        return [
          [slug, target],
          [`${slug}-archive`, target],
        ];
      }),
    ),
    signupUrl: 'https://example.com/signup',
  };

  await trx.deleteFrom('site_structure').where('site_uid', '=', site).execute();
  await trx
    .insertInto('pages')
    .values(pages.map((p, i) => ({ site_uid: site, ...p, position: FIRST_POSITION + i })))
    .execute();
  await trx
    .insertInto('tabs')
    .values(
      tabs.map((t, i) => ({
        site_uid: site,
        ...t,
        position: FIRST_POSITION + i,
        config: JSON.stringify(t.config),
      })),
    )
    .execute();
  await trx
    .insertInto('site_structure')
    .values({
      site_uid: site,
      menus: JSON.stringify(menus),
      landing: JSON.stringify({ externalUrl: null }),
      legacy: JSON.stringify(legacy),
      privacy_text: DEMO_PRIVACY,
    })
    .execute();
}
