import { describe, expect, it } from 'vitest';
import { externalLink } from './external-link';

describe('a title’s external link (§5 "A URL without http or https gets http:// added")', () => {
  it('adds http:// to a link without a scheme, keeps http and https', () => {
    expect(externalLink({ link: 'shop.example/tickets', name: 'Tickets' })).toEqual({
      href: 'http://shop.example/tickets',
      label: 'Tickets',
    });
    expect(externalLink({ link: 'https://shop.example', name: null }).href).toBe('https://shop.example');
    expect(externalLink({ link: 'HTTP://shop.example', name: '' }).href).toBe('HTTP://shop.example');
  });

  it('is labelled by the name, else the link as stored', () => {
    expect(externalLink({ link: 'shop.example', name: null }).label).toBe('shop.example');
  });
});
