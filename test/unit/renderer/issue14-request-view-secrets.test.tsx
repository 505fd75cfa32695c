// Issue 14, item 12, in the playground inspector: an extra header's value shows as its placeholder, marked
// as hidden the way the key is, so no one takes `$CF_ACCESS_CLIENT_SECRET` for the value itself.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KEY_PLACEHOLDER, type SentRequest } from '../../../src-preload/contract.ts';
import { headerPlaceholder } from '../../../src-preload/secret-placeholders.ts';
import { RequestView } from '../../../src-renderer/src/panels/playground/inspector/RequestView.tsx';

const request: SentRequest = {
  method: 'POST',
  url: 'https://gw.example.com/v1/responses',
  headers: [
    ['cf-access-client-secret', headerPlaceholder('cf-access-client-secret')],
    ['x-empty', ''],
    ['accept', 'application/json'],
    ['authorization', `Bearer ${KEY_PLACEHOLDER}`],
  ],
  body: '{"model":"m","input":"hi"}',
};

/** The header rows as text, one `name: shown value` line each. */
function headerRows(html: string): string[] {
  const rows = html.split('inspector-headers__row').slice(1);
  return rows.map((row) =>
    row
      .replace(/<[^>]+>/g, ' ')
      .replace(/^[^>]*>/, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

describe('item 12: the inspector’s request headers', () => {
  it('marks an extra header’s placeholder as a hidden value, like the key', () => {
    const html = renderToStaticMarkup(createElement(RequestView, { request }));
    const rows = headerRows(html);
    expect(rows[0]).toMatch(/cf-access-client-secret \$CF_ACCESS_CLIENT_SECRET value hidden/);
    expect(rows[3]).toMatch(/authorization Bearer \$GATEWAY_API_KEY key hidden/);
    // Ordinary values are shown as they are, unmarked.
    expect(rows[2]).not.toMatch(/hidden/);
    expect(html.match(/data-testid="inspector-header-hidden"/g)).toHaveLength(1);
    expect(html).toMatch(/reads this one from the CF_ACCESS_CLIENT_SECRET variable/);
  });
});
