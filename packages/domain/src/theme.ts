/** A site theme as the clients receive it (the contract's Theme has this shape). */
export type ThemeLike = {
  colors: { primary: string; background: string; surface: string; text: string; muted: string };
  font: string;
};

/** The CSS custom properties every client stylesheet reads, from a site's theme: rebranding needs no rebuild. */
export function themeVariables(theme: ThemeLike): Record<string, string> {
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

/** A font-family value: a configured stack as given, a single family quoted, with fallbacks. */
export function fontStack(font: string): string {
  if (/[,'"]/.test(font)) return font;
  return `"${font}", system-ui, sans-serif`;
}
