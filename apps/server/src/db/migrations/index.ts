import type { Migration } from 'kysely';
import * as m0001 from './0001_catalog';
import * as m0002 from './0002_sessions';
import * as m0003 from './0003_accounts';
import * as m0004 from './0004_search';
import * as m0005 from './0005_progress';
import * as m0006 from './0006_site_structure';
import * as m0007 from './0007_plays';
import * as m0008 from './0008_watch_list';
import * as m0009 from './0009_analytics';
import * as m0010 from './0010_purchases';
import * as m0011 from './0011_commerce';
import * as m0012 from './0012_embed';
import * as m0013 from './0013_gifts_donations';
import * as m0014 from './0014_billing_anchor';
import * as m0015 from './0015_paypal_plans';
import * as m0016 from './0016_site_gateways_repeating_guide';
import * as m0018 from './0018_device_secrets';
import * as m0019 from './0019_site_roles';
import * as m0020 from './0020_chat';
import * as m0021 from './0021_watch_parties';
import * as m0022 from './0022_gifs';
import * as m0023 from './0023_moments';
import * as m0024 from './0024_short_links';
import * as m0025 from './0025_moments_search';
import * as m0026 from './0026_user_auto_play';
import * as m0027 from './0027_chat_bot_messages';
import * as m0028 from './0028_content_reports';
import * as m0029 from './0029_dropped_carts';
import * as m0032 from './0032_analytics_appsflyer';
import * as m0033 from './0033_site_identity_platform';
import * as m0034 from './0034_video_iab_category';
import * as m0035 from './0035_clear_key';
import * as m0036 from './0036_device_hardware';
import * as m0037 from './0037_playback_quality';
import * as m0038 from './0038_search_versions';
import * as m0040 from './0040_job_request_id';

/** Every migration, in order. Add new ones here; names sort by their number. */
export const migrations: Record<string, Migration> = {
  '0001_catalog': m0001,
  '0002_sessions': m0002,
  '0003_accounts': m0003,
  '0004_search': m0004,
  '0005_progress': m0005,
  '0006_site_structure': m0006,
  '0007_plays': m0007,
  '0008_watch_list': m0008,
  '0009_analytics': m0009,
  '0010_purchases': m0010,
  '0011_commerce': m0011,
  '0012_embed': m0012,
  '0013_gifts_donations': m0013,
  '0014_billing_anchor': m0014,
  '0015_paypal_plans': m0015,
  '0016_site_gateways_repeating_guide': m0016,
  '0018_device_secrets': m0018,
  '0019_site_roles': m0019,
  '0020_chat': m0020,
  '0021_watch_parties': m0021,
  '0022_gifs': m0022,
  '0023_moments': m0023,
  '0024_short_links': m0024,
  '0025_moments_search': m0025,
  '0026_user_auto_play': m0026,
  '0027_chat_bot_messages': m0027,
  '0028_content_reports': m0028,
  '0029_dropped_carts': m0029,
  '0032_analytics_appsflyer': m0032,
  '0033_site_identity_platform': m0033,
  '0034_video_iab_category': m0034,
  '0035_clear_key': m0035,
  '0036_device_hardware': m0036,
  '0037_playback_quality': m0037,
  '0038_search_versions': m0038,
  '0040_job_request_id': m0040,
};
