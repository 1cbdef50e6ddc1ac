import { commerceQueryKey, newIdempotencyKey, upgradePurchase } from '@marquee/api-client';
import type { UpgradePurchaseBody } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../lib/api';

/**
 * POST /api/payment/purchases/{id}/upgrade-purchase with an Idempotency-Key: one key per attempt,
 * kept while the same body is retried (decision 0029), a new one once the body changes.
 */
export function useUpgradePurchase(purchaseId: string) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: UpgradePurchaseBody) => {
      const json = JSON.stringify(body);
      if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
      return upgradePurchase(api, purchaseId, body, attempt.current.key);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commerceQueryKey(api) }),
  });
}
