// A§2 "Rentals are labelled Tickets on two specific sites" (site flag rentalsAsTickets, decision
// 0034): the Rent section and its offers' action, as the list renders.
import { bundlesQueryOptions, rentalsQueryOptions } from '@marquee/api-client';
import type { Rental } from '@marquee/contract';
import { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { initTestI18n, renderInApp } from '../../../lib/render-static';
import { en } from '../locales';
import { SubscribeList } from './subscribe-list';

const rental: Rental = {
  _id: 'r1',
  id: 'r1',
  name: 'Night of the Premiere',
  description: '',
  amount: 4.99,
  amountCents: 499,
  duration: 48,
  durationUnit: 'hours',
  discount: null,
  availableTo: null,
  videoUids: ['v1'],
};

function render(ticketsLabel: boolean): string {
  const client = new QueryClient();
  client.setQueryData(bundlesQueryOptions(api, null).queryKey, { items: [] } as never);
  client.setQueryData(rentalsQueryOptions(api).queryKey, { items: [rental] } as never);
  return renderInApp(
    createElement(SubscribeList, { hints: null, ticketsLabel, checkoutHref: () => '/subscribe/r1' }),
    { client },
  );
}

beforeAll(() => initTestI18n({ en: { subscribe: en, common: {} } }));

describe('SubscribeList rentals', () => {
  it('are Tickets ("Get ticket") where the site labels them so', () => {
    const html = render(true);
    expect(html).toContain(`<h2 id="offers-rent">${en.sections.tickets}</h2>`);
    expect(html).toContain(en.offer.ticket);
    expect(html).not.toContain(`>${en.sections.rent}</h2>`);
  });

  it('are Rent elsewhere', () => {
    const html = render(false);
    expect(html).toContain(`<h2 id="offers-rent">${en.sections.rent}</h2>`);
    expect(html).not.toContain(en.offer.ticket);
  });
});
