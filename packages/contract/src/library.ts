import { z } from 'zod';
import { SeriesPage, VideoPage } from './catalog';
import { PageSize, pagingQuery } from './common';

/**
 * The viewer's library (accounts-and-commerce §2 "/library: movies and series tabs, page size 10;
 * login required"): the movies and series their purchases entitle them to (decision 0030).
 */

export const LIBRARY_TYPES = ['movies', 'series'] as const;
export const LibraryType = z.enum(LIBRARY_TYPES, { message: 'type must be movies or series' });
export type LibraryType = z.infer<typeof LibraryType>;

/** GET /v2/me/sites/{site}/library?type&page&pageSize — zero-based pages of 10 by default. */
export const LibraryQuery = pagingQuery(PageSize.library).extend({ type: LibraryType });
export type LibraryQuery = z.infer<typeof LibraryQuery>;

/** type=movies → a page of Movie cards (Video), type=series → a page of Series cards. */
export const LibraryPage = z.union([VideoPage, SeriesPage]).meta({ id: 'LibraryPage' });
export type LibraryPage = z.infer<typeof LibraryPage>;
