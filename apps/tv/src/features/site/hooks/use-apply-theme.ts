import { useEffect } from 'react';
import type { SiteConfig } from '@marquee/contract';
import { themeVariables } from '@marquee/domain';

/** Applies the site's colours and font to :root as CSS variables, and its name to the title. */
export function useApplyTheme(config: SiteConfig | undefined) {
  useEffect(() => {
    if (!config) return;
    const vars = themeVariables(config.theme);
    const root = document.documentElement;
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
    document.title = config.name;
    return () => {
      for (const name of Object.keys(vars)) root.style.removeProperty(name);
    };
  }, [config]);
}
