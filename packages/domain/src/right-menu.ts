/**
 * The watch screen's right menu (playback-and-social §2.3, discovery-and-site "Right menu"):
 * "tabs: Video Info, Comments, Gifs, Queue, Share, Chat, Watch Party (with a share tab). At most 5
 * tabs show; overflow collapses into a More dropdown (each tab 160 px, 500 px reserved). Width 350 px.
 * Tabs can be disabled in embed, in lite mode or by permissions (hideComments, hideGifCreator,
 * hideChat, watchParty)."
 */

export const RIGHT_MENU_TABS = ['info', 'comments', 'gifs', 'queue', 'share', 'chat', 'watchParty'] as const;
export type RightMenuTab = (typeof RIGHT_MENU_TABS)[number];

/** The spec's tab labels, in order. */
export const RIGHT_MENU_TAB_LABELS: Record<RightMenuTab, string> = {
  info: 'Video Info',
  comments: 'Comments',
  gifs: 'Gifs',
  queue: 'Queue',
  share: 'Share',
  chat: 'Chat',
  watchParty: 'Watch Party',
};

export const RIGHT_MENU_MAX_TABS = 5;
export const RIGHT_MENU_TAB_WIDTH_PX = 160;
export const RIGHT_MENU_RESERVED_PX = 500;
export const RIGHT_MENU_WIDTH_PX = 350;
/**
 * Ours (decision 0062): from this window width the 350 px right menu stands beside the player; below
 * it the menu runs under the player at full width (a 1024 px window leaves the player 658 px).
 */
export const RIGHT_MENU_BESIDE_MIN_WIDTH_PX = 1024;

/** True when the right menu stands beside the player (a window at least 1024 px wide). */
export function isRightMenuBeside(widthPx: number): boolean {
  return widthPx >= RIGHT_MENU_BESIDE_MIN_WIDTH_PX;
}

export interface RightMenuInput {
  embed: boolean;
  lite: boolean;
  perms: {
    hideComments?: boolean;
    hideGifCreator?: boolean;
    hideChat?: boolean;
    watchParty?: boolean;
    /** D§1: the site hides the whole right menu (decision 0056). */
    hideRightModule?: boolean;
  };
  /** Tabs whose panel exists for this video (e.g. no Queue without a queue, Chat only for live). */
  available: readonly RightMenuTab[];
  /** The width the tab bar may use (the window's); decides how many tabs fit before More. */
  widthPx: number;
}

export interface RightMenuModel {
  /** Tabs shown in the bar, in the spec's order. */
  shown: RightMenuTab[];
  /** Tabs in the More dropdown (empty: no More button). */
  more: RightMenuTab[];
}

/**
 * Why a tab is off. Embed mode and sites with hideRightModule have no right menu at all (an embed's
 * info and share are the /embed/info and /embed/share overlays); lite mode keeps only Video Info; the perms switch their own tab off
 * (watchParty is an enabling perm, the others hide).
 */
export function isRightMenuTabEnabled(tab: RightMenuTab, input: Omit<RightMenuInput, 'widthPx'>): boolean {
  if (!input.available.includes(tab)) return false;
  if (input.embed || input.perms.hideRightModule) return false;
  if (input.lite) return tab === 'info';
  const p = input.perms;
  if (tab === 'comments') return !p.hideComments;
  if (tab === 'gifs') return !p.hideGifCreator;
  if (tab === 'chat') return !p.hideChat;
  if (tab === 'watchParty') return !!p.watchParty;
  return true;
}

/** How many tabs fit: (width − 500 px reserved) / 160 px per tab, at least 1 and at most 5. */
export function visibleTabCount(widthPx: number): number {
  const fit = Math.floor((widthPx - RIGHT_MENU_RESERVED_PX) / RIGHT_MENU_TAB_WIDTH_PX);
  return Math.max(1, Math.min(RIGHT_MENU_MAX_TABS, Number.isFinite(fit) ? fit : 1));
}

export function rightMenuTabs(input: RightMenuInput): RightMenuModel {
  const enabled = RIGHT_MENU_TABS.filter((t) => isRightMenuTabEnabled(t, input));
  const n = visibleTabCount(input.widthPx);
  return { shown: enabled.slice(0, n), more: enabled.slice(n) };
}
