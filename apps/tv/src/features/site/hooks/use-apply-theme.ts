import { useEffect } from 'react';
import type { SiteConfig } from '@marquee/contract';

/** Applies the site's colours and font to :root as CSS variables, and its name to the title. */
export function useApplyTheme(config: SiteConfig | undefined) {
  useEffect(() => {
    if (!config) return;
    const { colors, font } = config.theme;
    const vars: Record<string, string> = {
      '--mq-primary': colors.primary,
      '--mq-background': colors.background,
      '--mq-surface': colors.surface,
      '--mq-text': colors.text,
      '--mq-muted': colors.muted,
    };
    if (font) vars['--mq-font'] = fontStack(font);
    const root = document.documentElement;
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
    document.title = config.name;
    return () => {
      for (const name of Object.keys(vars)) root.style.removeProperty(name);
    };
  }, [config]);
}

/** A font-family value: a configured stack as given, a single family quoted, with fallbacks. */
export function fontStack(font: string): string {
  if (/[,'"]/.test(font)) return font;
  return `"${font}", system-ui, sans-serif`;
}
