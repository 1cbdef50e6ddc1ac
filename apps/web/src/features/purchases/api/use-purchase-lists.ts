import {
  getDonationSubscriptions,
  getGiftedBundles,
  getMyRentals,
  getPurchasedBundles,
} from '@marquee/api-client';
import type { Paginated, Purchase } from '@marquee/contract';
import { COMMERCE_LIMITS } from '@marquee/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noClientErrorRetry, purchasesKey } from './keys';

/** The four lists of the Purchases page (§4: purchased, gifted, active rentals, donations). */
export type PurchaseListKind = 'purchased' | 'gifted' | 'rentals' | 'donations';

const fetchers: Record<
  PurchaseListKind,
  (page: number, signal: AbortSignal) => Promise<Paginated<Purchase>>
> = {
  purchased: (page, signal) => getPurchasedBundles(api, page, signal),
  gifted: (page, signal) => getGiftedBundles(api, page, signal),
  rentals: (page, signal) => getMyRentals(api, page, signal),
  donations: (page, signal) => getDonationSubscriptions(api, page, signal),
};

/** One list, page by page from page 0 ("donations and purchases start at page 0"), with Load more. */
export function usePurchaseList(kind: PurchaseListKind, userId: string | null) {
  return useInfiniteQuery({
    queryKey: purchasesKey('list', kind, userId),
    queryFn: ({ pageParam, signal }) => fetchers[kind](pageParam, signal),
    initialPageParam: COMMERCE_LIMITS.firstPurchasesPage as number,
    getNextPageParam: (last: Paginated<Purchase>) => last.next_page ?? undefined,
    enabled: userId !== null,
    retry: noClientErrorRetry,
  });
}
