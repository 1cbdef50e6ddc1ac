/**
 * Every site permission flag named in the three spec documents, with the default a new site gets.
 * Features that most sites want start on; brand-specific or legal switches start off.
 */
export const DEFAULT_PERMS = {
  // playback and social
  watchParty: true,
  slowModeChat: false,
  chatroll: false,
  watchList: true,
  hideComments: false,
  hideGifCreator: false,
  hideChat: false,
  heartbeat: false,
  hybridAvodSvod: false,
  ageGate: true,
  /** P§7 "POST {env}/v2/fullscreen-logs … (only for certain sites)": those sites set it (decision 0060). */
  fullscreenLogs: false,
  // discovery and site
  modernTheme: true,
  allowGifts: true,
  externalUrls: false,
  adBanners: false,
  altResumeStyle: false,
  hideEmbeds: false,
  wysiwyg: false,
  hideRightModule: false,
  argoid: false,
  whitelabel: true,
  // accounts and commerce
  activateToLogin: true,
  swapLogin: false,
  hideAuth: false,
  selfDelete: false,
  oneActiveSub: false,
  oneTrialPerUser: true,
  allowAvalara: false,
  hideUserDOB: false,
  hideUserGender: false,
  rudimentaryGenders: false,
  /** Ours (decision 0034): "Rentals are labelled Tickets on two specific sites" — those sites set it. */
  rentalsAsTickets: false,
  /** D§9, P§9: publish times read as the exact date instead of "3 days ago". */
  exactPublishedDate: false,
} as const satisfies Record<string, boolean>;

export type PermName = keyof typeof DEFAULT_PERMS;
export type Perms = Record<PermName, boolean>;

/** A site's stored flags over the defaults; unknown stored names are dropped. */
export function resolvePerms(stored: Partial<Record<string, unknown>>): Perms {
  const perms = { ...DEFAULT_PERMS } as Perms;
  for (const name of Object.keys(DEFAULT_PERMS) as PermName[]) {
    const value = stored[name];
    if (typeof value === 'boolean') perms[name] = value;
  }
  return perms;
}

/** The left menu's social links, in display order (discovery-and-site §2.9). */
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'twitter', 'google-plus', 'youtube'] as const;
