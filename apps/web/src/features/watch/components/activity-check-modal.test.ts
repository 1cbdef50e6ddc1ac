// The activity check modal of a live stream (§2.3, decision 0061) as it renders in each phase of the
// domain's rule (activityCheck, tested with injected time in packages/domain).
import {
  ACTIVITY_CHECK_ANSWER_MS,
  ACTIVITY_CHECK_IDLE_MS,
  activityCheck,
  ms,
  type ActivityCheck,
} from '@marquee/domain';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, es } from '../locales';
import { ActivityCheckModal } from './activity-check-modal';

const render = (check: ActivityCheck) =>
  renderToStaticMarkup(createElement(ActivityCheckModal, { check, onAnswer: () => {} }));
const after = (idle: number) => activityCheck({ now: ms(idle), lastInputAt: ms(0) });

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { en: { watch: en }, es: { watch: es } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
});

describe('ActivityCheckModal', () => {
  it('renders nothing while the viewer is watching', () => {
    expect(render(after(ACTIVITY_CHECK_IDLE_MS - 1))).toBe('');
  });

  it('asks "Are you still there?" with the seconds left before the stream stops', () => {
    const html = render(after(ACTIVITY_CHECK_IDLE_MS + 15_000));
    expect(html).toContain('data-phase="asking"');
    expect(html).toContain('Are you still there?');
    expect(html).toContain('The stream stops in 45 seconds unless you answer.');
    expect(html).toContain('data-testid="activity-check-answer"');
    expect(html).toContain('Yes, I’m here');
    expect(render({ phase: 'asking', secondsLeft: 1 })).toContain('stops in 1 second unless');
  });

  it('says playback stopped and offers Resume once nobody answered', () => {
    const html = render(after(ACTIVITY_CHECK_IDLE_MS + ACTIVITY_CHECK_ANSWER_MS));
    expect(html).toContain('data-phase="stopped"');
    expect(html).toContain('Playback stopped');
    expect(html).toContain('The stream stopped after a long time without activity.');
    expect(html).toContain('>Resume</button>');
  });

  it('speaks the viewer’s language', async () => {
    await i18next.changeLanguage('es');
    expect(render({ phase: 'asking', secondsLeft: 30 })).toContain('¿Sigues ahí?');
    await i18next.changeLanguage('en');
  });
});
