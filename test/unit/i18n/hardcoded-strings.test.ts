// No user-facing text written into a component (issue 18 item 5): it comes from the catalogues. While the
// interface is being translated panel by panel, the components not yet done are listed with how many
// strings they still hold (hardcoded-allowance.json); the list may only shrink — a new string anywhere, or
// one more in a listed file, fails, and so does a count that fell without the list following it.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hardcodedStrings } from '../../support/hardcoded-strings.ts';
import allowance from './hardcoded-allowance.json' with { type: 'json' };

const ROOT = join(import.meta.dirname, '../../../src-renderer/src');
const components = (readdirSync(ROOT, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => file.split('\\').join('/'))
  .sort();
const allowed = allowance as Record<string, number>;

describe('text in components', () => {
  it.each(components)('%s has no more hard-coded text than it is allowed', (file) => {
    const found = hardcodedStrings(join(ROOT, file));
    const listing = found.map((f) => `  line ${f.line}: ${f.text}`).join('\n');
    expect(found.length, `hard-coded text (use the catalogue):\n${listing}`).toBeLessThanOrEqual(
      allowed[file] ?? 0,
    );
    expect(found.length, `fewer strings than allowed: lower ${file} in hardcoded-allowance.json`).toBe(
      allowed[file] ?? 0,
    );
  });

  it('lists only components that exist', () => {
    expect(Object.keys(allowed).filter((file) => !components.includes(file))).toEqual([]);
  });

  it('the finder sees text, labels and object-literal titles, and nothing translated or technical', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-hardcoded-'));
    try {
      const file = join(dir, 'Sample.tsx');
      writeFileSync(
        file,
        `export function Sample({ t }: { t: (k: string) => string }) {
          const view = { title: 'System keychain', className: 'card card--ok' };
          return (
            <div className="card" data-testid="sample-card" aria-label="Close the panel">
              Save changes
              <span title={t('sample.title')}>{t('sample.body')}</span>
              <input placeholder={\`Search \${view.title}\`} />
              {' · '}
              {'Delete'}
              {/* A comment with words */}
            </div>
          );
        }`,
      );
      expect(hardcodedStrings(file).map((f) => f.text)).toEqual([
        'System keychain',
        'Close the panel',
        'Save changes',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the template's source text, as found
        '`Search ${view.title}`',
        'Delete',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
