// The chat's online count ("N watching", decision 0053) as the panel renders it: nothing while the
// server sends null (below the site's threshold, or the count off), the number in the viewer's
// language once it is shown.
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, es } from '../locales';
import { ChatOnlineCount } from './chat-online';

const render = (online: number | null) => renderToStaticMarkup(createElement(ChatOnlineCount, { online }));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { en: { chat: en }, es: { chat: es } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
});

describe('ChatOnlineCount', () => {
  it('renders nothing while the server hides the count (null)', () => {
    expect(render(null)).toBe('');
  });

  it('says how many are watching once the count is shown, with the number in the viewer’s language', async () => {
    expect(render(12)).toBe('<p class="chat__online" data-testid="chat-online">12 watching</p>');
    expect(render(12500)).toContain('12,500 watching');
    await i18next.changeLanguage('es');
    expect(render(12500)).toContain('12.500 viendo');
    await i18next.changeLanguage('en');
  });
});
