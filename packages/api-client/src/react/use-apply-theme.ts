import type { SiteConfig } from '@marquee/contract';
import { themeVariables } from '@marquee/domain';
import { useEffect } from 'react';

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
