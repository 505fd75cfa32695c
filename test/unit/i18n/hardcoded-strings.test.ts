// No user-facing text written into a component (issue 18 item 5): it comes from the catalogues, so that
// every language shows every word. A string the finder reports is either text to move into the area's
// catalogue or, where it is truly not words (a model id, a file extension), a named constant.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hardcodedStrings } from '../../support/hardcoded-strings.ts';

const ROOT = join(import.meta.dirname, '../../../src-renderer/src');
const components = (readdirSync(ROOT, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => file.split('\\').join('/'))
  .sort();

describe('text in components', () => {
  it.each(components)('%s has no hard-coded text', (file) => {
    const found = hardcodedStrings(join(ROOT, file));
    const listing = found.map((f) => `  line ${f.line}: ${f.text}`).join('\n');
    expect(found, `hard-coded text (use the catalogue):\n${listing}`).toEqual([]);
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
