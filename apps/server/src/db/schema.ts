/**
 * Row types of every table, as Kysely sees them. The same shapes on SQLite and PostgreSQL:
 * times are ISO-8601 UTC strings, booleans are 0/1 integers, money is integer cents and
 * structured fields are JSON text (parse them in the repository that owns the table).
 */
import type { Generated } from 'kysely';

type Json = string;
type Flag = number;
type IsoTime = string;

export interface SitesTable {
  uid: string;
  name: string;
  /** Host names that resolve to this site without a __site parameter. */
  hosts: Json;
  theme: Json;
  default_page: string;
  perms: Json;
  ads: Json;
  chat: Json;
  heartbeat: Json;
  search_options: Json;
  created_at: IsoTime;
  /** The site's terms of use; null when the site has none. */
  terms_text: string | null;
  /** When the terms last changed; users who accepted earlier must accept again. */
  terms_updated_at: IsoTime | null;
  /** EmbedSettings { allowedOrigins } (migration 0012). Optional: inserts may leave the database default. */
  embed?: Json;
  /** TipJarSettings (migration 0013, decision 0033). Optional: inserts may leave the database default. */
  tip_jar?: Json;
  /**
   * JSON array of the gateway names the site takes orders through (migration 0016, decision 0036);
   * read through the sites repository. Optional: inserts may leave the database default.
   */
  payment_gateways?: Json;
  /**
   * The external identity platform viewers sign in through, `{ provider, name }` JSON (migration 0033,
   * decision 0061); null or absent: none. Read through the sites repository.
   */
  identity_platform?: Json | null;
}

export interface ChannelsTable {
  site_uid: string;
  id: string;
  name: string;
  type: string;
  description: string;
  thumbnail: string | null;
  position: number;
}

export interface MediaAssetsTable {
  id: string;
  site_uid: string;
  status: string;
  source_name: string;
  duration_s: number;
  width: number;
  height: number;
  /** [{ name, width, height, bandwidth, playlist }] relative to the asset folder. */
  renditions: Json;
  /** { maxres, high, medium, standard, default } file names in the asset folder. */
  thumbnails: Json;
  /** [{ language, label, file }] WebVTT files in the asset folder. */
  subtitles: Json;
  segment_seconds: number;
  created_at: IsoTime;
}

export interface VideosTable {
  site_uid: string;
  uid: string;
  type: string;
  title: string;
  description: string;
  channel_id: string | null;
  asset_id: string | null;
  access_type: string;
  status: string;
  age_gate: number | null;
  published_at: IsoTime;
  duration_s: number;
  tags: Json;
  series_uid: string | null;
  season: number | null;
  episode: number | null;
  /** { poster, genres, mpaa, cast, directors, creators, background } for movies. */
  movie: Json | null;
  /** { start, end, ended, type, videoLink, is247, sourceType, preorderBundleId, freeToWatch } for live events. */
  live_event: Json | null;
  external_url: Json | null;
  /** Uid of the movie or series this video is an extra of. */
  extra_of: string | null;
  /** 'extra' or 'trailer' when extra_of is set. */
  extra_kind: string | null;
  owner_user_id: string | null;
  view_count: number;
  like_count: number;
  favorites_count: number;
  hybrid_paywall: Flag;
  without_ads: Flag;
  /** IAB content category for ad requests (e.g. IAB1-5); null: none. */
  iab_category: string | null;
}

export interface SeriesTable {
  site_uid: string;
  uid: string;
  title: string;
  description: string;
  poster: string | null;
  published_at: IsoTime;
  mpaa: string | null;
  directors: Json;
  cast: Json;
  genres: Json;
  default_channel: string | null;
  age_gate: number | null;
}

export interface PlaylistsTable {
  site_uid: string;
  uid: string;
  title: string;
  description: string;
}

export interface PlaylistItemsTable {
  site_uid: string;
  playlist_uid: string;
  video_uid: string;
  position: number;
}

export interface LiveChannelsTable {
  site_uid: string;
  id: string;
  channel_num: number;
  name: string;
  description: string;
  categories: Json;
  access_type: string;
  preview_minutes: number;
  thumbnail: string | null;
  /** The guide repeats every this many hours from its first entry; null airs it as written (migration 0016). */
  epg_repeat_hours?: number | null;
}

export interface EpgEntriesTable {
  id: Generated<number>;
  site_uid: string;
  live_channel_id: string;
  start: IsoTime;
  stop: IsoTime;
  title: string;
  description: string;
  asset_id: string;
}

export interface PagesTable {
  site_uid: string;
  url: string;
  title: string;
  position: number;
  enabled: Flag;
  overlay_toggle: Flag;
}

export interface TabsTable {
  site_uid: string;
  /** The asset id the spec's /api/assets/{id}/… calls take. */
  id: string;
  page_url: string;
  url: string;
  title: string;
  /** discover, home, about, cast, faq, home-movie, iframe, directory, live, epg */
  kind: string;
  position: number;
  config: Json;
}

export interface UsersTable {
  id: string;
  site_uid: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  roles: Json;
  dob: string | null;
  gender: string | null;
  verified: Flag;
  created_at: IsoTime;
  password_changed_at: IsoTime | null;
  /** After this instant a login answers pwdExpired and the user must set a new password. */
  password_expires_at: IsoTime | null;
  /** Set by too many failed logins; only a password reset clears it. */
  locked_at: IsoTime | null;
  /** Terms are pending when the site's terms_updated_at is later than this (or this is null). */
  terms_accepted_at: IsoTime | null;
  /** The name may change once per 60 days. */
  name_changed_at: IsoTime | null;
  deletion_requested_at: IsoTime | null;
  /** The name the user chats under (the "add name to chat" modal); null: their first name. */
  chat_username: string | null;
  /** string[]: the users whose chat messages this user does not see (migration 0020). */
  chat_mute_list: Json | null;
  /** The next video plays by itself at the end (1, the default) or the viewer goes back (0). Optional: inserts may leave the default. */
  auto_play?: Flag;
}

export interface BundlesTable {
  site_uid: string;
  id: string;
  name: string;
  description: string;
  /** ENTIRE_SITE, CHANNELS, PRODUCT, DISABLE_ADS or RENTAL */
  type: string;
  /** single, period, rental, month, year */
  plan_type: string;
  recurring: Flag;
  amount_cents: number;
  trial_duration_days: number;
  duration: number | null;
  duration_unit: string | null;
  preorder_date: string | null;
  enabled: Flag;
  is_deleted: Flag;
  unlisted: Flag;
  channels: Json;
  live_channels: Json;
  video_uids: Json;
  upgrades_to: Json;
  // 0011_commerce
  original_amount_cents: number | null;
  /** days (default), weeks, months */
  trial_duration_unit: string | null;
  period_duration: number | null;
  requires_shipping_address: Generated<Flag>;
  passcode: string | null;
  premium: Generated<Flag>;
  subscribe_allowed: Generated<Flag>;
  purchased_text: string | null;
  unlisted_description: string | null;
  unlisted_redirect: string | null;
  hide_channel_details: Generated<Flag>;
  giftable: Generated<Flag>;
  position: Generated<number>;
}

export interface CouponsTable {
  site_uid: string;
  code: string;
  /** percent or amount */
  discount_kind: string;
  discount_value: number;
  /** FIRST or ALL */
  billing_cycles: string;
  bundle_ids: Json;
  expires_at: IsoTime | null;
  /** any, bundle or rental (0011_commerce) */
  applies_to: Generated<string>;
}

export interface JobsTable {
  id: string;
  type: string;
  payload: Json;
  /** queued, running, done, failed */
  status: string;
  progress: number;
  message: string;
  result: Json | null;
  attempts: number;
  locked_by: string | null;
  locked_until: IsoTime | null;
  created_at: IsoTime;
  updated_at: IsoTime;
  /** The request that queued it (its x-request-id), for the worker's logs; null outside a request. */
  request_id: string | null;
}

export interface RefreshTokensTable {
  id: string;
  site_uid: string;
  user_id: string;
  /** Every token rotated from one login shares the family; reuse of a spent one revokes it whole. */
  family_id: string;
  /** sha256 hex of the opaque token; the token itself is never stored. */
  token_hash: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  /** When it was exchanged for the next token of the family. */
  used_at: IsoTime | null;
  /** Id of the token it was first exchanged for. */
  replaced_by: string | null;
  revoked_at: IsoTime | null;
  user_agent: string | null;
  ip: string | null;
  /** web, webtv, roku… (accounts-and-commerce §3 Device); null for older sessions. */
  device_type: string | null;
}

export interface OneTimeCodesTable {
  id: string;
  site_uid: string;
  user_id: string;
  /** reset, autologin or passcode */
  kind: string;
  /** sha256 hex of the code; the code itself is only ever mailed or shown. */
  code_hash: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  used_at: IsoTime | null;
}

/** A TV asking to be signed in (RFC 8628 device grant): it shows user_code and polls by device_id. */
export interface SecondScreensTable {
  id: string;
  site_uid: string;
  device_id: string;
  device_type: string;
  user_code: string;
  code_expires_at: IsoTime;
  poll_interval_s: number;
  last_polled_at: IsoTime | null;
  /** Who activated it, and when. */
  user_id: string | null;
  activated_at: IsoTime | null;
  /** The refresh-token family handed to the device on its first poll after activation. */
  family_id: string | null;
  delivered_at: IsoTime | null;
  user_agent: string | null;
  created_at: IsoTime;
  /** SHA-256 (hex) of the device secret the registration handed out; null on rows from before. */
  secret_hash: string | null;
  /** The set's own id and model where its platform told them (VIZIO); decision 0080. */
  hardware_id: string | null;
  device_model: string | null;
}

/** A user's account at a social login provider (OIDC subject). */
export interface UserIdentitiesTable {
  site_uid: string;
  provider: string;
  subject: string;
  user_id: string;
  created_at: IsoTime;
}

/** A viewer's latest position in one video (playback-and-social §4.8). */
export interface WatchProgressTable {
  user_id: string;
  site_uid: string;
  video_uid: string;
  type: string;
  series_uid: string | null;
  position_s: number;
  duration_s: number;
  /** 0 or 1: the server's finished rule at the last save. */
  finished: number;
  updated_at: string;
}

/** A site's menus, landing, legacy slugs and privacy text (discovery-and-site §2.1, §2.9, §2.11). */
export interface SiteStructureTable {
  site_uid: string;
  /** SiteMenus: { left, privacyChoices, social }. */
  menus: Json;
  /** { externalUrl }. */
  landing: Json;
  /** { seriesSlugs, signupUrl }. */
  legacy: Json;
  privacy_text: string | null;
}

/** One title on a viewer's watch list (playback-and-social §3 Watch-list item). */
export interface WatchListItemsTable {
  id: string;
  user_id: string;
  site_uid: string;
  /** A video uid or a series uid (content_type says which). */
  content_id: string;
  /** 'video' or 'series'. */
  content_type: string;
  created_at: IsoTime;
}

/** A viewer's favorite video; videos.favorites_count counts them (plus any seeded baseline). */
export interface FavoritesTable {
  user_id: string;
  site_uid: string;
  video_uid: string;
  created_at: IsoTime;
}

/** A viewer's plays of one video (decision 0018): the last counted one and how many were counted. */
export interface ViewerPlaysTable {
  site_uid: string;
  /** 'u:' + user id when signed in, else 'd:' + a keyed hash of address and user agent. */
  viewer_key: string;
  video_uid: string;
  type: string;
  user_id: string | null;
  last_played_at: IsoTime;
  plays: number;
}

/** Counted plays of a video on one UTC day (YYYY-MM-DD), for the popular window. */
export interface VideoPlayDaysTable {
  site_uid: string;
  day: string;
  video_uid: string;
  plays: number;
}

/** One accepted analytics event (decision 0021), written in batches. */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  site_uid: string;
  /** video, watch, liveChannel, liveChannelWatch, page, share, smartBanner; fullscreen, heartbeat (decision 0060). */
  kind: string;
  type: string | null;
  video_uid: string | null;
  /** Seconds watched (watch, liveChannelWatch). */
  duration_s: number | null;
  /** The validated body as sent, without deviceId and sessionId. */
  payload: Json;
  user_id: string | null;
  source: string | null;
  device_id: string | null;
  session_id: string | null;
  /** The `appsflyer-id` header of the request (decision 0060). */
  appsflyer_id: string | null;
  received_at: IsoTime;
}

/**
 * One playback session's latest running totals as its player reported them (migration 0037,
 * decision 0083); a report with a higher `seq` replaces the row.
 */
export interface PlaybackSessionsTable {
  site_uid: string;
  /** The player's random id of the session. */
  session_id: string;
  seq: number;
  video_uid: string;
  /** The UTC day (YYYY-MM-DD) the session was first reported: the day it counts on. */
  day: string;
  /** native, hls.js or provider. */
  engine: string;
  source: string | null;
  startup_ms: number | null;
  /** Index into STARTUP_BUCKETS_MS (packages/domain); null when startup_ms is. */
  startup_bucket: number | null;
  watched_ms: number;
  stalled_ms: number;
  stall_count: number;
  bitrate_switches: number;
  average_bitrate: number | null;
  last_bitrate: number | null;
  error_code: string | null;
  started_at: IsoTime;
  updated_at: IsoTime;
}

/** A viewer's dropped cart of a bundle (accounts-and-commerce §7; decision 0060). One per user and bundle. */
export interface DroppedCartsTable {
  id: string;
  site_uid: string;
  user_id: string;
  bundle_id: string;
  /** The name the checkout showed (as sent). */
  bundle_name: string;
  /** How many times the viewer left checkout of this bundle without paying. */
  times: number;
  first_dropped_at: IsoTime;
  dropped_at: IsoTime;
}

/** A purchase (accounts-and-commerce §3 Purchase; decision 0025). Written by commerce, read by entitlements. */
export interface PurchasesTable {
  id: string;
  site_uid: string;
  /** The buyer; a gift entitles redeemed_by_user_id instead. */
  user_id: string;
  bundle_id: string | null;
  rental_id: string | null;
  name: string;
  /** ENTIRE_SITE, CHANNELS, PRODUCT, DISABLE_ADS, RENTAL, Donation… */
  type: string;
  /** active, trialing, canceled, suspended */
  status: string;
  currency: string;
  amount_cents: number;
  original_amount_cents: number | null;
  taxes_amount_cents: number;
  is_recurring: Flag;
  /** FIRST or ALL */
  discounted_billing_cycles: string | null;
  /** stripe, paypal, paypal-baid, paypal-sub, authorizenet, free, test, comp */
  gateway: string;
  gateway_id: string | null;
  gateway_method: string | null;
  plan_type: string | null;
  coupon_code: string | null;
  /** Null = from creation. */
  available_from: IsoTime | null;
  /** Null = open-ended; for recurring plans the end of the paid period. */
  available_to: IsoTime | null;
  previous_purchase: string | null;
  /** { contentType: series|movie|video, contentUid } */
  access_info: Json | null;
  bundle_type: string | null;
  billing_address: Json | null;
  shipping_address: Json | null;
  shipping_full_name: string | null;
  description: string;
  canceled_date: IsoTime | null;
  /** [{ status, timestamp }] */
  status_history: Json;
  cancel_subscription_in_progress: Flag;
  is_gift: Flag;
  gifted_to_email: string | null;
  redeemed_by_user_id: string | null;
  redeemed_at: IsoTime | null;
  created_at: IsoTime;
  updated_at: IsoTime;
  // 0011_commerce: trial end, current period start and what was paid for it, later cycles' price,
  // the saved method renewals charge.
  trial_ends_at: IsoTime | null;
  period_started_at: IsoTime | null;
  period_paid_cents: number | null;
  next_cycle_cents: number | null;
  payment_method_id: string | null;
  // 0013_gifts_donations (decision 0033); optional so inserts may leave them null.
  gift_code_hash?: string | null;
  gift_name?: string | null;
  gift_message?: string | null;
  /** A donation's survey answers [{ q, a }]. */
  survey?: Json | null;
  /** 0014_billing_anchor: when billing restarted (a reactivation); renewals keep its day of month. */
  billing_anchor_at?: IsoTime | null;
}

/** The AES-128 key of an encrypted media asset (decision 0024); hex, 16 bytes each. */
export interface MediaAssetKeysTable {
  asset_id: string;
  key_hex: string;
  /** AES-128 HLS: the playlists' IV; Clear Key: '' (CENC draws an IV per sample). */
  iv_hex: string;
  created_at: IsoTime;
  /** Clear Key (CENC, decision 0081): the key id, hex; null for an AES-128 HLS key (0035_clear_key). */
  kid_hex: string | null;
}

/** The operator's tax table (0011_commerce); rate in basis points, state '' = the whole country. */
export interface TaxRatesTable {
  site_uid: string;
  country_code: string;
  state: string;
  rate_bp: number;
}

/** A saved card (0011_commerce). */
export interface PaymentMethodsTable {
  id: string;
  site_uid: string;
  user_id: string;
  gateway: string;
  gateway_token: string;
  card_type: string | null;
  last4: string;
  exp_month: number;
  exp_year: number;
  first_name: string;
  last_name: string;
  email: string | null;
  billing_address: Json | null;
  is_default: Flag;
  created_at: IsoTime;
}

/** Every charge attempt, written before the gateway is called (0011_commerce; decision 0029). */
export interface GatewayChargesTable {
  id: string;
  site_uid: string;
  user_id: string;
  idempotency_key: string;
  gateway: string;
  payment_method_id: string | null;
  resource_id: string | null;
  amount_cents: number;
  currency: string;
  /** pending, succeeded, declined, failed, abandoned */
  status: string;
  gateway_ref: string | null;
  decline_code: string | null;
  error_message: string | null;
  purchase_plan: Json;
  purchase_id: string | null;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** A PayPal billing plan we created (0015_paypal_plans; decision 0031), reused across restarts. */
export interface PaypalPlansTable {
  site_uid: string;
  bundle_id: string;
  price_cents: number;
  trial_days: number;
  currency: string;
  plan_id: string;
  created_at: IsoTime;
}

export interface IdempotencyKeysTable {
  key: string;
  user_id: string;
  route: string;
  request_hash: string;
  status_code: number | null;
  response: Json | null;
  locked_until: IsoTime | null;
  created_at: IsoTime;
}

export interface WebhookEventsTable {
  gateway: string;
  event_id: string;
  type: string;
  received_at: IsoTime;
  processed_at: IsoTime | null;
}

export interface TestGatewayMethodsTable {
  token: string;
  behaviour: string;
  last4: string;
  detached: Flag;
  created_at: IsoTime;
}

export interface TestGatewayChargesTable {
  idempotency_key: string;
  ref: string;
  method_token: string;
  amount_cents: number;
  status: string;
  decline_code: string | null;
  created_at: IsoTime;
}

export interface Database {
  sites: SitesTable;
  channels: ChannelsTable;
  media_assets: MediaAssetsTable;
  videos: VideosTable;
  series: SeriesTable;
  playlists: PlaylistsTable;
  playlist_items: PlaylistItemsTable;
  live_channels: LiveChannelsTable;
  epg_entries: EpgEntriesTable;
  pages: PagesTable;
  tabs: TabsTable;
  users: UsersTable;
  bundles: BundlesTable;
  coupons: CouponsTable;
  jobs: JobsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_codes: OneTimeCodesTable;
  second_screens: SecondScreensTable;
  user_identities: UserIdentitiesTable;
  watch_progress: WatchProgressTable;
  site_structure: SiteStructureTable;
  viewer_plays: ViewerPlaysTable;
  video_play_days: VideoPlayDaysTable;
  watch_list_items: WatchListItemsTable;
  favorites: FavoritesTable;
  analytics_events: AnalyticsEventsTable;
  playback_sessions: PlaybackSessionsTable;
  dropped_carts: DroppedCartsTable;
  purchases: PurchasesTable;
  tax_rates: TaxRatesTable;
  payment_methods: PaymentMethodsTable;
  gateway_charges: GatewayChargesTable;
  idempotency_keys: IdempotencyKeysTable;
  webhook_events: WebhookEventsTable;
  test_gateway_methods: TestGatewayMethodsTable;
  test_gateway_charges: TestGatewayChargesTable;
  media_asset_keys: MediaAssetKeysTable;
  paypal_plans: PaypalPlansTable;
  site_roles: SiteRolesTable;
  watch_parties: WatchPartiesTable;
  watch_party_members: WatchPartyMembersTable;
  gifs: GifsTable;
  moments: MomentsTable;
  search_versions: SearchVersionsTable;
  content_reports: ContentReportsTable;
  short_links: ShortLinksTable;
  chat_messages: ChatMessagesTable;
  chat_bans: ChatBansTable;
}

/** A chat message of a room (migration 0020, decision 0045). */
export interface ChatMessagesTable {
  /** 'm' + creation instant in base 36 + random: sorts in time order. */
  id: string;
  site_uid: string;
  /** live, video, channel or party */
  room_kind: string;
  room_id: string;
  user_id: string;
  username: string;
  value: string;
  verified: Flag;
  created_at: IsoTime;
  deleted_at: IsoTime | null;
  deleted_by: string | null;
  /** 'message' (a user's) or 'bot' (the room's bot; user_id 'bot'), migration 0027. */
  type: Generated<string>;
  /** A message to this user only (null: the whole room's), migration 0027. */
  to_user_id: string | null;
}

/** A user's chat ban on a site (migration 0020): writing is suspended until `until`. */
export interface ChatBansTable {
  site_uid: string;
  user_id: string;
  until: IsoTime;
  banned_by: string;
  created_at: IsoTime;
}

/** A site's own role (migration 0019); the built-in ones are in packages/domain/src/roles.ts. */
export interface SiteRolesTable {
  site_uid: string;
  name: string;
  /** Permission[] */
  permissions: Json;
}

/** A watch party (migration 0021, decision 0046); its room timeline is the tl_* columns. */
export interface WatchPartiesTable {
  pid: string;
  site_uid: string;
  /** The short code a TV joins with, unique per site. */
  code: string;
  owner_id: string;
  host_id: string;
  content_id: string;
  /** The content's Video type (movie, liveEvent, video, episode…). */
  content_type: string;
  channel_id: string | null;
  is_live: number;
  /** notStarted, active or ended. */
  state: string;
  tl_seq: number;
  /** Epoch ms on the server's clock. */
  tl_at: number;
  tl_position: number;
  tl_playing: number;
  host_dropped_at: number | null;
  created_at: IsoTime;
  /** Epoch ms. */
  expires_at: number;
}

/** A member of a watch party: the host and everyone who joined. */
export interface WatchPartyMembersTable {
  pid: string;
  user_id: string;
  name: string;
  joined_at: number;
  /** Open party sockets on every node. */
  sockets: number;
  ready: number;
  can_host: number;
  mismatches: number;
}

/** A viewer's gif of a video (migration 0022); its files are under <DATA_DIR>/gifs/<id>/. */
export interface GifsTable {
  id: string;
  site_uid: string;
  video_uid: string;
  user_id: string;
  start_s: number;
  end_s: number;
  /** GifSize: small or medium. */
  size: string;
  meme_top_text: string;
  meme_bottom_text: string;
  /** null while processing, then 'Success' or 'Error'. */
  result: string | null;
  error: string | null;
  job_id: string | null;
  created_at: IsoTime;
  processed_at: IsoTime | null;
  /** Set when staff hide it (migration 0028); a hidden gif is gone for everyone but staff. */
  hidden_at: IsoTime | null;
}

/** A viewer's report of a moment or a gif (migration 0028, decision 0054). */
export interface ContentReportsTable {
  id: string;
  site_uid: string;
  /** ReportKind: moment or gif. */
  item_kind: string;
  item_id: string;
  user_id: string;
  /** ReportReason: spam, abuse, spoiler or other. */
  reason: string;
  note: string | null;
  /** open, hidden (staff hid the item) or dismissed. */
  status: string;
  created_at: IsoTime;
  closed_at: IsoTime | null;
  closed_by: string | null;
}

/** A viewer's timed comment on a video (migration 0023). */
/** A site's search version, bumped by triggers on the rows a search hit is built from (migration 0038). */
export interface SearchVersionsTable {
  site_uid: string;
  version: number;
}

export interface MomentsTable {
  id: string;
  site_uid: string;
  video_uid: string;
  channel_id: string;
  user_id: string;
  /** Seconds into the video. */
  timemarker: number;
  tag: string;
  created_at: IsoTime;
  /** Set when staff hide it; hidden moments are not listed. */
  hidden_at: IsoTime | null;
}

/** A short link /s/{code} to a path of the site, one per share target (migration 0024). */
export interface ShortLinksTable {
  code: string;
  site_uid: string;
  /** A path of the site, with its query ('/channel/news/v1?t=30'). */
  path: string;
  /** ShareTarget. */
  target: string;
  /** Times it was followed. */
  hits: Generated<number>;
  created_at: IsoTime;
}
