import { describe, expect, it } from 'vitest';
import { iframeUrl, isFramableUrl } from './iframe-url';

const ctx = {
  user: { id: 'u 1', email: 'a@b.test', firstName: 'Ana' },
  siteUid: 'demo',
  language: 'es',
  source: 'web',
};

describe('iframe URL placeholders (§2.1, decision 0015)', () => {
  it('replaces every placeholder, URL-encoded, however often it appears', () => {
    expect(
      iframeUrl(
        'https://x.test/?u=[USER_ID]&e=[USER_EMAIL]&n=[FIRST_NAME]&s=[SITE_ID]&l=[LANGUAGE]&src=[SOURCE]&again=[USER_ID]',
        ctx,
      ),
    ).toBe('https://x.test/?u=u%201&e=a%40b.test&n=Ana&s=demo&l=es&src=web&again=u%201');
  });
  it('leaves user values empty for a signed-out viewer, and unknown tokens alone', () => {
    expect(iframeUrl('https://x.test/?u=[USER_ID]&x=[OTHER]', { ...ctx, user: null })).toBe(
      'https://x.test/?u=&x=[OTHER]',
    );
  });
  it('frames only http(s) and same-origin URLs', () => {
    expect(isFramableUrl('https://x.test')).toBe(true);
    expect(isFramableUrl('/help')).toBe(true);
    expect(isFramableUrl('javascript:alert(1)')).toBe(false);
    expect(isFramableUrl('data:text/html,x')).toBe(false);
  });
});
