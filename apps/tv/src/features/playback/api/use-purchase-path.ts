import { purchaseLinkQueryOptions, shortLinksQueryOptions } from '@marquee/api-client';
import { useApi } from '@marquee/api-client/react';
import { useQuery } from '@tanstack/react-query';
import { purchasePathView, shortLinkPathOf, type PurchasePathView } from '../utils/purchase-path';

/**
 * getPurchaseLink for the video on this TV platform, then the site's short link to it (the `copy`
 * target's, decision 0049): what the purchase path shows.
 */
export function usePurchasePath(platform: string, videoUid: string): PurchasePathView {
  const api = useApi();
  const link = useQuery(purchaseLinkQueryOptions(api, platform, videoUid));
  const path = link.data ? shortLinkPathOf(link.data.link) : null;
  const short = useQuery({ ...shortLinksQueryOptions(api, path ?? '/'), enabled: !!path });
  return purchasePathView({
    link: link.data?.link,
    linkFailed: link.isError,
    short: short.data?.links.copy,
    shortFailed: short.isError || (!!link.data && !path),
  });
}
