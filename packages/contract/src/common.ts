import { z } from 'zod';
import { PageSize } from '@marquee/domain';

/** Every error response: `{ error: { code, message, field? } }`. */
export const ErrorResponse = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      field: z.string().optional(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Query parameters every call accepts (ARCHITECTURE.md, API conventions). */
export const ClientQuery = z.object({
  __site: z.string().min(1).max(64).optional(),
  __source: z.string().max(32).optional(),
});
export type ClientQuery = z.infer<typeof ClientQuery>;

/** Zero-based paging; each list names its own default size from the spec. */
export function pagingQuery(defaultPageSize: number, maxPageSize = 100) {
  return ClientQuery.extend({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  });
}

/** The spec's paginated response shape (accounts-and-commerce §3). */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    current_page: z.number().int(),
    items_per_page: z.number().int(),
    next_page: z.number().int().nullable(),
    prev_page: z.number().int().nullable(),
    total_items: z.number().int(),
    total_pages: z.number().int(),
  });
}
export type Paginated<T> = {
  items: T[];
  current_page: number;
  items_per_page: number;
  next_page: number | null;
  prev_page: number | null;
  total_items: number;
  total_pages: number;
};

export { PageSize };

export const SiteParams = z.object({ site: z.string().min(1).max(64) });
export type SiteParams = z.infer<typeof SiteParams>;
