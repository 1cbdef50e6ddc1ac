import { useEffect } from 'react';
import type { SiteConfig } from '@marquee/contract';

/** CSS custom properties the stylesheet reads; the defaults live in app/styles.css. */
export function themeVariables(theme: SiteConfig['theme']): Record<string, string> {
  const vars: Record<string, string> = {
    '--mq-primary': theme.colors.primary,
    '--mq-background': theme.colors.background,
    '--mq-surface': theme.colors.surface,
    '--mq-text': theme.colors.text,
    '--mq-muted': theme.colors.muted,
  };
  if (theme.font) vars['--mq-font'] = fontStack(theme.font);
  return vars;
}

/** Applies the site's colours and font to :root, and its name to the document title. */
export function useApplyTheme(config: SiteConfig | undefined) {
  useEffect(() => {
    if (!config) return;
    const root = document.documentElement;
    const vars = themeVariables(config.theme);
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', config.theme.colors.background);
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
