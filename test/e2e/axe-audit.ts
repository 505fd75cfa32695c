// The accessibility audit the e2e run makes of a page state: axe-core with WCAG 2.1 A/AA and best practice,
// in both themes, its findings reduced to what a person reading a failure needs (rule, impact, where, why).
import { AxeBuilder } from '@axe-core/playwright';
import type { RunningApp } from './harness.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const THEMES = ['light', 'dark'] as const;

export interface AxeFinding {
  state: string;
  theme: (typeof THEMES)[number];
  rule: string;
  impact: string;
  /** One line per element: its selector and axe's summary of what is wrong with it. */
  nodes: string[];
}

/** Serious and critical findings fail the run (issue 18 item 8); moderate and minor ones are reported. */
export const isBlocking = (finding: AxeFinding) =>
  finding.impact === 'serious' || finding.impact === 'critical';

/** Audits the page as it is now, once per theme, saving a screenshot of each. */
export async function auditBothThemes(app: RunningApp, state: string): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const theme of THEMES) {
    // Reduced motion: the app's colours then change at once (no 120 ms ease), so contrast is measured on
    // the theme's own colours, not halfway between.
    await app.page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await app.screenshot(`a11y-${state}-${theme}`);
    // Only the violations come back: listing every pass and every "needs review" node is most of axe's
    // time on a page this size.
    const results = await new AxeBuilder({ page: app.page })
      .withTags(TAGS)
      .options({ resultTypes: ['violations'] })
      .analyze();
    for (const violation of results.violations)
      findings.push({
        state,
        theme,
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        nodes: violation.nodes.map(
          (node) => `${node.target.join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
        ),
      });
  }
  await app.page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  return findings;
}

/** A readable list of findings ('' when there are none), with a count per rule and theme at the top. */
export function findingsReport(findings: AxeFinding[]): string {
  if (findings.length === 0) return '';
  const counts = new Map<string, number>();
  for (const f of findings) {
    const key = `${f.theme} ${f.rule} (${f.impact})`;
    counts.set(key, (counts.get(key) ?? 0) + f.nodes.length);
  }
  const summary = [...counts].map(([key, count]) => `  ${key}: ${count} element(s)`);
  const details = findings.map(
    (f) => `[${f.theme}] ${f.state}: ${f.rule} (${f.impact})\n${f.nodes.map((n) => `    ${n}`).join('\n')}`,
  );
  return ['axe findings by theme and rule:', ...summary, '', ...details].join('\n');
}
