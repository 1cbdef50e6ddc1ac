import { describe, expect, it } from 'vitest';
import { fontStack, themeVariables } from './theme';

const theme = {
  colors: {
    primary: '#7c5cff',
    background: '#0b0b0f',
    surface: '#1a1a22',
    text: '#f5f5f7',
    muted: '#9a9aa5',
  },
  font: 'Inter',
};

describe('themeVariables', () => {
  it('maps every colour to its CSS variable and quotes a single font family with fallbacks', () => {
    expect(themeVariables(theme)).toEqual({
      '--mq-primary': '#7c5cff',
      '--mq-background': '#0b0b0f',
      '--mq-surface': '#1a1a22',
      '--mq-text': '#f5f5f7',
      '--mq-muted': '#9a9aa5',
      '--mq-font': '"Inter", system-ui, sans-serif',
    });
  });
  it('keeps a configured font stack as given and leaves the font out when there is none', () => {
    expect(fontStack('Georgia, serif')).toBe('Georgia, serif');
    expect(themeVariables({ ...theme, font: '' })['--mq-font']).toBeUndefined();
  });
});
