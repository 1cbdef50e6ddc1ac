import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  fontStack,
  legibleOn,
  MIN_TEXT_CONTRAST,
  readableTextOn,
  themeVariables,
} from './theme';

const theme = {
  colors: {
    primary: '#e50914',
    background: '#0b0b0f',
    surface: '#1a1a22',
    text: '#f5f5f7',
    muted: '#9a9aa5',
  },
  font: 'Inter',
};

describe('themeVariables', () => {
  it('maps every colour to its CSS variable and quotes a single font family with fallbacks', () => {
    expect(themeVariables(theme)).toMatchObject({
      '--mq-primary': '#e50914',
      '--mq-background': '#0b0b0f',
      '--mq-surface': '#1a1a22',
      '--mq-text': '#f5f5f7',
      '--mq-muted': '#9a9aa5',
      '--mq-color-scheme': 'dark',
      '--mq-font': '"Inter", system-ui, sans-serif',
    });
  });
  it('keeps a configured font stack as given and leaves the font out when there is none', () => {
    expect(fontStack('Georgia, serif')).toBe('Georgia, serif');
    expect(themeVariables({ ...theme, font: '' })['--mq-font']).toBeUndefined();
  });
  it('derives legible text colours for any brand (WCAG AA 4.5:1)', () => {
    for (const colors of [
      theme.colors,
      { primary: '#7c5cff', background: '#0d0b1a', surface: '#1b1730', text: '#f4f2ff', muted: '#a39fbf' },
      { primary: '#a3122a', background: '#fbf7ee', surface: '#efe6d2', text: '#1f1a14', muted: '#8a8070' },
      { primary: '#ffd400', background: '#ffffff', surface: '#f2f2f2', text: '#111111', muted: '#bbbbbb' },
    ]) {
      const vars = themeVariables({ colors, font: '' });
      expect(contrastRatio(vars['--mq-on-primary']!, colors.primary)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(vars['--mq-primary-text']!, colors.background)).toBeGreaterThanOrEqual(4.5);
      for (const bg of [colors.background, colors.surface])
        expect(contrastRatio(vars['--mq-muted']!, bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
  it('says light or dark by the background, for native controls', () => {
    expect(
      themeVariables({ ...theme, colors: { ...theme.colors, background: '#fbf7ee' } })['--mq-color-scheme'],
    ).toBe('light');
  });
});

describe('contrast helpers', () => {
  it('computes the WCAG ratio: black on white is 21, a colour on itself 1, non-hex unknown', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#7c5cff', '#7c5cff')).toBe(1);
    expect(contrastRatio('rebeccapurple', '#fff')).toBeNull();
  });
  it('picks black or white text, whichever reads better', () => {
    expect(readableTextOn('#ffd400')).toBe('#000000');
    expect(readableTextOn('#0d0b1a')).toBe('#ffffff');
    expect(readableTextOn('#7c5cff')).toBe('#000000'); // 4.8:1 against white's 4.3:1
  });
  it('keeps a colour that already reads, and moves one that does not only as far as needed', () => {
    expect(legibleOn('#ffffff', ['#000000'])).toBe('#ffffff');
    const moved = legibleOn('#7c5cff', ['#0d0b1a']);
    expect(moved).not.toBe('#7c5cff');
    expect(contrastRatio(moved, '#0d0b1a')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(moved, '#0d0b1a')).toBeLessThan(5.5);
    expect(legibleOn('var(--x)', ['#000'])).toBe('var(--x)');
  });
});
