import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Runs axe-core (WCAG 2.1 A/AA rules) on the page as it is now and returns the serious and critical
 * violations, each as "rule: help (selectors)", so a failing assertion says what to fix.
 *
 * Text faded out on purpose (cinema mode fades the watch screen's chrome to 8 % after 2 s of
 * playing; decision 0027) is not meant to be read until a move brings it back, so its contrast is
 * not held against it; whether the fade started before the check is a matter of timing.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern: a <script> tag
  // without the page's nonce would be blocked, as the CSP means it to be.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<{ violations: Violation[] }> } })
      .axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  const faded = await page.evaluate(
    (selectors: string[]) => {
      const opacity = (el: Element | null): number =>
        el ? Number(getComputedStyle(el).opacity) * opacity(el.parentElement) : 1;
      return selectors.filter((s) => opacity(document.querySelector(s)) < 0.5);
    },
    violations
      .filter((v) => v.id === 'color-contrast')
      .flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
  );
  return violations
    .map((v) =>
      v.id === 'color-contrast'
        ? { ...v, nodes: v.nodes.filter((n) => !faded.includes(n.target.join(' '))) }
        : v,
    )
    .filter((v) => v.nodes.length > 0)
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
