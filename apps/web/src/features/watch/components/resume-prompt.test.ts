// Site flag altResumeStyle (decision 0056): the resume question before the player starts. Whether it
// is asked at all is asksToResume in packages/domain (progress.test.ts).
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../locales';
import { ResumePrompt } from './resume-prompt';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { en: { watch: en } },
    lng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
});

const render = (at: number) =>
  renderToStaticMarkup(createElement(ResumePrompt, { at, onResume: () => {}, onStartOver: () => {} }));

describe('ResumePrompt', () => {
  it('asks "Resume from 12:34?" with Start over and Resume, Resume the default', () => {
    const html = render(754);
    expect(html).toContain('Resume from 12:34?');
    expect(html).toMatch(/data-testid="resume-prompt-start-over"[^>]*>Start over</);
    expect(html).toMatch(/data-testid="resume-prompt-resume"[^>]*>Resume</);
    expect(html.indexOf('resume-prompt-start-over')).toBeLessThan(html.indexOf('resume-prompt-resume'));
  });

  it('writes an hour or more as h:mm:ss', () => {
    expect(render(3723)).toContain('Resume from 1:02:03?');
  });
});
