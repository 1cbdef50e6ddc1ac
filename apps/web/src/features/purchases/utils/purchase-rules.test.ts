// The Purchases page's rules (accounts-and-commerce §4 Purchases page, §8 Cancel fallback) and the
// cancelDonation state as it renders.
import { ApiError } from '@marquee/api-client';
import type { Purchase } from '@marquee/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../lib/render-static';
import { CancelConfirm } from '../components/cancel-confirm';
import { en } from '../locales';
import { cancelErrorText, cancelState, upgradeOutcome } from './purchase-rules';

beforeAll(() => initTestI18n({ en: { purchases: en } }));

describe('cancel (§4 states cancelBundle, cancelDonation)', () => {
  it('leads a donation to cancelDonation and anything else to cancelBundle', () => {
    expect(cancelState('donations')).toBe('cancelDonation');
    for (const kind of ['purchased', 'rentals', 'gifted'] as const)
      expect(cancelState(kind)).toBe('cancelBundle');
  });

  it('cancelDonation asks about the donation by name', () => {
    const render = (donation: boolean) =>
      renderToStaticMarkup(
        createElement(
          QueryClientProvider,
          { client: new QueryClient() },
          createElement(CancelConfirm, {
            purchase: { id: 'p1', name: 'Tip jar' } as Purchase,
            donation,
            onDone: () => {},
            onBack: () => {},
          }),
        ),
      );
    const donation = render(true);
    expect(donation).toContain(`>${en.cancel.donationTitle}</h2>`);
    expect(donation).toContain(en.cancel.donationConfirmText.replace('{{name}}', 'Tip jar'));
    expect(render(false)).toContain(`>${en.cancel.title}</h2>`);
  });

  it('§8 fallback "Something went wrong. Please try again." unless the server says why', () => {
    const fallback = en.cancel.fallback;
    expect(fallback).toBe('Something went wrong. Please try again.');
    expect(cancelErrorText(new ApiError(409, 'alreadyCanceled', 'Already canceled'), fallback)).toBe(
      'Already canceled',
    );
    expect(cancelErrorText(new ApiError(502, 'gateway', 'upstream said no'), fallback)).toBe(fallback);
    expect(cancelErrorText(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});

describe('upgradeOutcome (§4 "The upgrade may redirect to the payment provider approval link")', () => {
  it('follows the wallet’s approval link, ends on a purchase, else is unexpected', () => {
    expect(upgradeOutcome({ approvalLink: { href: 'https://wallet.test/approve?t=1' } })).toEqual({
      kind: 'approval',
      href: 'https://wallet.test/approve?t=1',
    });
    expect(upgradeOutcome({ approvalLink: null })).toEqual({ kind: 'unexpected' });
    expect(upgradeOutcome({ success: true, purchase: { id: 'p2' } })).toEqual({ kind: 'done' });
    expect(upgradeOutcome({ success: false, purchase: { id: 'p2' } })).toEqual({ kind: 'unexpected' });
  });
});
