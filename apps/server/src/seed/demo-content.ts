/**
 * The demo site's content, as plain data: what `demoAssetSpecs` encodes and `seedDemoCatalog` writes.
 * Uids are stable, so user data keyed by them (progress, favorites, purchases) survives a re-seed.
 */
export const DEMO_SITE_UID = 'demo';

/** What makes a demo site its own brand; both demo sites share the catalog and its media. */
export type DemoBrand = {
  uid: string;
  name: string;
  hosts: string[];
  theme: {
    colors: { primary: string; background: string; surface: string; text: string; muted: string };
    logo: string;
    font: string;
  };
  perms: Record<string, boolean>;
  /** The discover tab opens with a featured carousel of picks, or a hero of films. */
  discover: 'picks' | 'films';
  /** Partner origins allowed to control an embedded player by postMessage (decision 0028). */
  embedOrigins?: string[];
  about: string;
};

const svgLogo = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

/**
 * The two demo sites: Marquee Demo (dark, violet, sans-serif) on localhost, and Northwind Classics
 * (light, ivory and crimson, serif, a film-first home) on classics.localhost (browsers resolve
 * *.localhost to this machine) or any host with ?__site=classics.
 */
export const DEMO_BRANDS = {
  main: {
    uid: DEMO_SITE_UID,
    name: 'Marquee Demo',
    hosts: ['localhost', '127.0.0.1'],
    theme: {
      colors: {
        primary: '#7c5cff',
        background: '#0d0b1a',
        surface: '#1b1730',
        text: '#f4f2ff',
        muted: '#a39fbf',
      },
      logo: '',
      font: 'Inter, system-ui, sans-serif',
    },
    perms: { externalUrls: true, hybridAvodSvod: true },
    discover: 'picks',
    // Two ad partners (§6); the second is on loopback so the embed e2e can serve it.
    embedOrigins: ['https://ads.partner-one.example', 'http://partner.localhost:47991'],
    about: 'A demo site of the Marquee streaming platform. Every video here is a generated test pattern.',
  },
  classics: {
    uid: 'classics',
    name: 'Northwind Classics',
    hosts: ['classics.localhost'],
    theme: {
      colors: {
        primary: '#a3122a',
        background: '#fbf7ee',
        surface: '#efe6d2',
        text: '#1f1a14',
        muted: '#5e5446',
      },
      logo: svgLogo(
        '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#a3122a"/><path d="M9 23V9l14 14V9" stroke="#fbf7ee" stroke-width="3" fill="none"/></svg>',
      ),
      font: 'Georgia, "Times New Roman", serif',
    },
    // rentalsAsTickets: "Rentals are labelled Tickets on two specific sites" (decision 0034) — this one shows it.
    // adBanners: its house banners between rows (demo-ads.ts, decision 0063).
    // altResumeStyle (decision 0056): a saved position is offered ("Resume from 12:34?"), not taken.
    perms: {
      externalUrls: false,
      whitelabel: true,
      rentalsAsTickets: true,
      adBanners: true,
      altResumeStyle: true,
    },
    discover: 'films',
    about: 'Northwind Classics: films and series for slow evenings, on the Marquee platform.',
  },
} satisfies Record<string, DemoBrand>;

export type DemoChannel = {
  id: string;
  name: string;
  type: 'videos' | 'movies' | 'series' | 'liveEvents';
  description: string;
};
export const DEMO_CHANNELS: DemoChannel[] = [
  {
    id: 'originals',
    name: 'Marquee Originals',
    type: 'videos',
    description: 'Short films made for Marquee.',
  },
  { id: 'newsroom', name: 'Newsroom', type: 'videos', description: 'Stories from around the world.' },
  { id: 'cinema', name: 'Cinema', type: 'movies', description: 'Feature films.' },
  { id: 'shows', name: 'Shows', type: 'series', description: 'Series to binge.' },
  {
    id: 'events',
    name: 'Live Events',
    type: 'liveEvents',
    description: 'Concerts, talks and matches, live.',
  },
];

const VIDEO_TITLES = [
  'Aurora Over the Fjords',
  'City of Bicycles',
  'The Clockmaker',
  'Desert Bloom',
  'Eight Minutes of Rain',
  'Fireflies',
  'Glass Harbour',
  'Harvest Moon Market',
  'Ice Road',
  'Jazz at Midnight',
  'Kites of Kabul',
  'Lanterns',
  'Mountain Post',
  'Northern Lights Radio',
  'Ocean Floor',
  'Paper Cranes',
  'Quiet Streets',
  'Rooftop Gardens',
  'Salt Flats',
  'Tidal Power',
];

export type DemoVideo = {
  uid: string;
  title: string;
  channelId: string;
  seconds: number;
  height: 720 | 480 | 360;
  subtitles: boolean;
  publishedAt: string;
  views: number;
  likes: number;
  favorites: number;
  tags: string[];
};

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) - n * 86_400_000).toISOString();

export const DEMO_VIDEOS: DemoVideo[] = VIDEO_TITLES.map((title, i) => ({
  uid: `demo-video-${String(i + 1).padStart(2, '0')}`,
  title,
  channelId: i % 2 === 0 ? 'originals' : 'newsroom',
  seconds: 20 + (i % 6) * 4,
  height: i === 0 ? 720 : 480,
  subtitles: i < 2,
  publishedAt: day(i * 3),
  views: (i * 7_919) % 5_000,
  likes: (i * 37) % 90,
  favorites: (i * 11) % 25,
  tags: [i % 2 === 0 ? 'original' : 'news', i % 3 === 0 ? 'nature' : 'people'],
}));

/**
 * Paid videos (decision 0024): access type paid, unlocked by the ENTIRE_SITE bundles (demo-monthly,
 * demo-annual) or an operator's grant; their media is AES-128 encrypted. Short 360p clips, so the
 * extra encodes stay cheap, published long ago (last in the recent rows) and never on the EPG.
 */
export const DEMO_PAID_VIDEOS: DemoVideo[] = [
  { title: 'Premiere: The Night Orchestra', uid: 'demo-premium-01' },
  { title: 'Premiere: Winter Lighthouse', uid: 'demo-premium-02' },
].map(({ title, uid }, i) => ({
  uid,
  title,
  channelId: 'originals',
  seconds: 20,
  height: 360,
  subtitles: false,
  publishedAt: new Date(Date.UTC(2025, 9, 1 + i)).toISOString(),
  views: 0,
  likes: 0,
  favorites: 0,
  tags: ['premium'],
}));

/**
 * A members-only video (access type requiresLogin: play-url code 10 for anonymous viewers), on a
 * short clip of its own (a protected title never shares media with a public one: its bytes would
 * play anonymously through the public title; decision 0036); published long ago so it sits at the
 * end of the recent rows (decision 0028, e2e/watch-routes.test.ts).
 */
export const DEMO_MEMBERS_VIDEO = {
  uid: 'demo-members-01',
  title: 'Members Only: Behind the Scenes',
  channelId: 'originals',
  seconds: 20,
  height: 360,
  publishedAt: '2025-06-01T00:00:00.000Z',
} as const;

export type DemoSeries = {
  uid: string;
  title: string;
  description: string;
  genres: string[];
  mpaa: string;
  cast: string[];
  directors: string[];
  seasons: string[][];
};
export const DEMO_SERIES: DemoSeries[] = [
  {
    uid: 'demo-series-orbit',
    title: 'Orbit Station',
    description: 'Life and trouble aboard a research station at the edge of the solar system.',
    genres: ['Sci-Fi', 'Drama'],
    mpaa: 'TV-14',
    cast: ['Ada Reyes', 'Tom Okafor', 'Lin Wei'],
    directors: ['Maya Chen'],
    seasons: [
      ['Docking', 'Solar Wind', 'Blackout'],
      ['Return Signal', 'The Long Night', 'Home Orbit'],
    ],
  },
  {
    uid: 'demo-series-kitchen',
    title: 'Night Kitchen',
    description: 'A late-night restaurant and the people who keep it running.',
    genres: ['Comedy'],
    mpaa: 'TV-PG',
    cast: ['Sam Rossi', 'June Park'],
    directors: ['Ola Nilsen'],
    seasons: [
      ['Opening Night', 'Burnt Toast', 'The Critic'],
      ['New Menu', 'Power Cut', 'Last Orders'],
    ],
  },
];

export type DemoMovie = {
  uid: string;
  title: string;
  description: string;
  genres: string[];
  mpaa: string;
  cast: string[];
  directors: string[];
  height: 720 | 480;
  /** 40 s unless set: one feature is long enough (over 120 s) to be unfinished, so Continue Watching has something. */
  seconds?: number;
};
export const DEMO_MOVIES: DemoMovie[] = [
  {
    uid: 'demo-movie-lighthouse',
    title: 'The Lighthouse Keeper',
    description: 'A keeper, a storm and a ship that should not be there.',
    genres: ['Drama', 'Mystery'],
    mpaa: 'PG-13',
    cast: ['Eva Lund', 'Marco Diaz'],
    directors: ['Ines Moreau'],
    height: 720,
  },
  {
    uid: 'demo-movie-paper-moon',
    title: 'Paper Moon Parade',
    description: 'A travelling circus tries one last show.',
    genres: ['Comedy', 'Family'],
    mpaa: 'G',
    cast: ['Ben Carter', 'Lucy Hale'],
    directors: ['Ravi Shah'],
    height: 720,
  },
  {
    uid: 'demo-movie-last-train',
    title: 'Last Train North',
    description: 'Strangers on the final night service across the border.',
    genres: ['Thriller'],
    mpaa: 'R',
    cast: ['Nora Quinn', 'Ivan Petrov'],
    directors: ['Hana Sato'],
    height: 480,
    seconds: 180,
  },
];

export const DEMO_PLAYLIST = {
  uid: 'demo-playlist-staff-picks',
  title: 'Staff Picks',
  description: 'What the Marquee team is watching.',
  items: [
    'demo-video-01',
    'demo-movie-lighthouse',
    'demo-video-04',
    'demo-video-07',
    'demo-movie-paper-moon',
    'demo-video-12',
  ],
};

export const DEMO_LIVE_CHANNELS = [
  {
    id: 'demo-live-news',
    channelNum: 1,
    name: 'Marquee News 24',
    description: 'Round-the-clock stories.',
    categories: ['News'],
    accessType: 'public',
    previewMinutes: 0,
  },
  {
    id: 'demo-live-retro',
    channelNum: 12,
    name: 'Retro TV',
    description: 'Classic shows, all day.',
    categories: ['Entertainment'],
    accessType: 'requiresLogin',
    previewMinutes: 5,
  },
];

export const DEMO_USERS = {
  viewer: {
    id: 'demo-viewer',
    email: 'viewer@marquee.test',
    password: 'marquee-viewer',
    firstName: 'Demo',
    lastName: 'Viewer',
    roles: [] as string[],
  },
  admin: {
    id: 'demo-admin',
    email: 'admin@marquee.test',
    password: 'marquee-admin',
    firstName: 'Demo',
    lastName: 'Admin',
    roles: ['admin'],
  },
  /** Moderates chat and parties (bans, deletes) without the admin's calls. */
  staff: {
    id: 'demo-staff',
    email: 'staff@marquee.test',
    password: 'marquee-staff',
    firstName: 'Demo',
    lastName: 'Staff',
    roles: ['staff'],
  },
};

/** Uids of the live events: one per listing case, then one per provider source (decision 0059). */
export const DEMO_EVENTS = {
  liveNow: 'demo-event-live-now',
  laterToday: 'demo-event-later-today',
  tomorrow: 'demo-event-tomorrow',
  ended: 'demo-event-ended',
  notStarted: 'demo-event-not-started',
  /** Round the clock from YouTube: plays in YouTube's own player (the source map; decision 0059). */
  youtube: 'demo-event-youtube',
  /** Round the clock from Dailymotion: plays in Dailymotion's Web SDK player (decision 0059). */
  dailymotion: 'demo-event-dailymotion',
  /** Round the clock from JW Player: plays in the JW Player library of PLAYER_SCRIPT_JW (decision 0059). */
  jwplayer: 'demo-event-jwplayer',
} as const;

/** The YouTube video the demo's YouTube event plays: Big Buck Bunny, as the Blender Foundation uploaded it. */
export const DEMO_YOUTUBE_LINK = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

/** The Dailymotion video the demo's Dailymotion event plays: the one Dailymotion's oEmbed documentation names. */
export const DEMO_DAILYMOTION_LINK = 'https://www.dailymotion.com/video/xf02xp';

/**
 * The JW Player media the demo's JW Player event names. JW media ids live in an operator's own JW
 * account (as does the library, PLAYER_SCRIPT_JW, which has no default), so this one is a
 * placeholder: the browser tests' stand-in plays it, and an operator points the event at their own.
 */
export const DEMO_JWPLAYER_LINK = 'https://cdn.jwplayer.com/v2/media/MqDemo01';
