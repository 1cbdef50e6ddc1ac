/** A site theme as the clients receive it (the contract's Theme has this shape). */
export type ThemeLike = {
  colors: { primary: string; background: string; surface: string; text: string; muted: string };
  font: string;
};

/** WCAG 2.1 AA contrast for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The CSS custom properties every client stylesheet reads, from a site's theme: rebranding needs no
 * rebuild. Besides the operator's colours, three are derived so any brand stays legible (WCAG AA):
 * `--mq-on-primary` (text on primary buttons), `--mq-primary-text` (the primary as link or accent
 * text on the background) and `--mq-muted` (moved until it reads on both background and surface);
 * `--mq-color-scheme` is light or dark by the background, for native controls and scrollbars.
 */
export function themeVariables(theme: ThemeLike): Record<string, string> {
  const { primary, background, surface, text, muted } = theme.colors;
  const vars: Record<string, string> = {
    '--mq-primary': primary,
    '--mq-background': background,
    '--mq-surface': surface,
    '--mq-text': text,
    '--mq-muted': legibleOn(muted, [background, surface]),
    '--mq-on-primary': readableTextOn(primary),
    '--mq-primary-text': legibleOn(primary, [background]),
  };
  const bg = luminance(background);
  if (bg !== null) vars['--mq-color-scheme'] = bg > 0.4 ? 'light' : 'dark';
  if (theme.font) vars['--mq-font'] = fontStack(theme.font);
  return vars;
}

/** A font-family value: a configured stack as given, a single family quoted, with fallbacks. */
export function fontStack(font: string): string {
  if (/[,'"]/.test(font)) return font;
  return `"${font}", system-ui, sans-serif`;
}

type Rgb = [number, number, number];

function parseHex(color: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function relativeLuminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG relative luminance of a #rgb / #rrggbb colour; null for any other notation. */
export function luminance(color: string): number | null {
  const rgb = parseHex(color);
  return rgb ? relativeLuminance(rgb) : null;
}

/** WCAG contrast ratio (1 to 21) of two hex colours; null when either is not hex. */
export function contrastRatio(a: string, b: string): number | null {
  const [la, lb] = [luminance(a), luminance(b)];
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on `background`. */
export function readableTextOn(background: string): string {
  const l = luminance(background);
  if (l === null) return '#ffffff';
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/**
 * `color` itself when it reaches `min` contrast on every one of `backgrounds`, else the nearest
 * step (5% at a time) towards white on dark backgrounds or black on light ones that does: the
 * brand's hue, made legible. Colours not written as hex are returned as given.
 */
export function legibleOn(color: string, backgrounds: string[], min = MIN_TEXT_CONTRAST): string {
  const rgb = parseHex(color);
  const bgs = backgrounds.map(luminance);
  if (!rgb || bgs.some((l) => l === null)) return color;
  const darkest = Math.min(...(bgs as number[]));
  const towards = darkest < 0.18 ? 255 : 0;
  const worst = (c: Rgb) => Math.min(...backgrounds.map((bg) => contrastRatio(toHex(c), bg)!));
  for (let step = 0; step <= 20; step++) {
    const mixed = rgb.map((c) => c + ((towards - c) * step) / 20) as Rgb;
    if (worst(mixed) >= min) return step === 0 ? color : toHex(mixed);
  }
  return toHex([towards, towards, towards]);
}
