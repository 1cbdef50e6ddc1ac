import { droppedCartsQueryOptions } from '@marquee/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A page of the site's dropped carts (admins only: `enabled` false for others). */
export const useDroppedCarts = (page: number, enabled: boolean) =>
  useQuery({ ...droppedCartsQueryOptions(api, page), enabled, placeholderData: keepPreviousData });
