import { z } from 'zod';
import { Series, SiteUidParams, Video, VideoPage, VideoType } from './catalog';
import { ClientQuery, PageSize, pagingQuery, SiteParams } from './common';

/**
 * The watch list (playback-and-social §3, §4.11, §7 Watch list; discovery-and-site §3, §7, §9) at
 * /v2/me/sites/{siteUid}/watch-list, and favorites (§7 Videos: user-favorites, favorites-count).
 * Decisions the spec leaves open: docs/decisions/0019-watch-list-and-favorites.md.
 */

/** Catalog uids, and watch-list item ids: letters, digits and . _ : - (as the catalog's paths). */
const ContentId = z
  .string()
  .trim()
  .min(1, 'contentId is required')
  .max(100)
  .regex(/^[\w.:-]+$/, 'must be letters, digits, dot, underscore, colon or dash');

/** GET: one page of up to 1000 ("Watch list page 1000"), newest first. */
export const WatchListQuery = pagingQuery(PageSize.watchList, PageSize.watchList);
export type WatchListQuery = z.infer<typeof WatchListQuery>;

/**
 * POST {contentId, video}. `contentId` is a video uid (movie, video, episode…) or a series uid.
 * `video` is the spec's second field: the server reads only its `type`, as a hint of what
 * `contentId` names ('series' → a series, anything else → a video; without it a video is tried
 * first, then a series). Nothing else in it is stored or shown: items are built from the catalog.
 */
export const AddToWatchListBody = z.object({
  contentId: ContentId,
  video: z.looseObject({ type: VideoType.optional() }).optional(),
});
export type AddToWatchListBody = z.infer<typeof AddToWatchListBody>;

/**
 * The spec's watch-list item (contentId, _id, id, video). For the series variant `video` is the
 * next unfinished episode and `series` the series itself; `progress` is the seconds watched of
 * `video` where the viewer has a saved position.
 */
export const WatchListItem = z
  .object({
    _id: z.string(),
    id: z.string(),
    contentId: z.string(),
    contentType: z.enum(['video', 'series']),
    video: Video,
    series: Series.nullable(),
    progress: z.number().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WatchListItem' });
export type WatchListItem = z.infer<typeof WatchListItem>;

/** GET response: "response items, totalItems". */
export const WatchList = z
  .object({ items: z.array(WatchListItem), totalItems: z.number().int() })
  .meta({ id: 'WatchList' });
export type WatchList = z.infer<typeof WatchList>;

/** DELETE …/watch-list/{id}: the item's id, or its contentId. */
export const WatchListItemParams = SiteParams.extend({ id: ContentId });
export type WatchListItemParams = z.infer<typeof WatchListItemParams>;

// ---------- favorites ----------

/** POST videos/{uid}/user-favorites {favorite}: sets the viewer's favorite (idempotent). */
export const SetFavoriteBody = z.object({ favorite: z.boolean() });
export type SetFavoriteBody = z.infer<typeof SetFavoriteBody>;

/** GET and POST videos/{uid}/user-favorites: the viewer's flag and the video's count. */
export const UserFavorite = z
  .object({ uid: z.string(), favorite: z.boolean(), favorites: z.number().int() })
  .meta({ id: 'UserFavorite' });
export type UserFavorite = z.infer<typeof UserFavorite>;

export const FavoriteParams = SiteUidParams;
export type FavoriteParams = z.infer<typeof FavoriteParams>;

/**
 * GET me/sites/{site}/favorites?uids=a,b,c: which of these videos the viewer favorited, so a page
 * of cards asks once instead of once per card (discovery-and-site §2.10 on cards).
 */
export const FavoriteFlagsQuery = ClientQuery.extend({
  uids: z
    .string()
    .transform((value) => value.split(','))
    .pipe(
      z
        .array(ContentId)
        .min(1, 'uids names at least one video')
        .max(PageSize.favoriteFlags, `uids names at most ${PageSize.favoriteFlags} videos`),
    ),
});
export type FavoriteFlagsQuery = z.infer<typeof FavoriteFlagsQuery>;

/** The subset of the asked uids the viewer favorited (unknown uids are simply not in it). */
export const FavoriteFlags = z.object({ favorites: z.array(z.string()) }).meta({ id: 'FavoriteFlags' });
export type FavoriteFlags = z.infer<typeof FavoriteFlags>;

/**
 * GET /v2/me/sites/{site}/videos/{type}?page&pageSize (discovery-and-site §7 Watch list "GET
 * videos/{type}?page"; decision 0060): the viewer's own videos of a kind, in the paginated shape.
 * `favorites`: the videos they favorited, newest favorite first; `history`: the videos they have
 * watched (a saved position), most recently watched first.
 */
export const MY_VIDEO_TYPES = ['favorites', 'history'] as const;
export type MyVideoType = (typeof MY_VIDEO_TYPES)[number];
export const MyVideosParams = SiteParams.extend({
  type: z.enum(MY_VIDEO_TYPES, { message: `type must be one of ${MY_VIDEO_TYPES.join(', ')}` }),
});
export type MyVideosParams = z.infer<typeof MyVideosParams>;
export const MyVideosQuery = pagingQuery(PageSize.videos);
export type MyVideosQuery = z.infer<typeof MyVideosQuery>;
export const MyVideos = VideoPage;
