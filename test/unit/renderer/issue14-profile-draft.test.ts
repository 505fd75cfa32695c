// Issue 14, item 13, in the settings form: an extra-header value with an invisible character is pointed
// out before Save, with the same rule (and words) main applies.
import { describe, expect, it } from 'vitest';
import {
  emptyDraft,
  newHeaderRow,
  validateDraft,
} from '../../../src-renderer/src/panels/settings/profile-draft.ts';

const draft = (value: string) => {
  const row = newHeaderRow('X-Team', value);
  return {
    row,
    draft: { ...emptyDraft(), name: 'Work', baseUrl: 'https://gw.example.com', extraHeaders: [row] },
  };
};

describe('the profile form’s header values', () => {
  it.each(['team\u200B42', 'team\u201142', 'team\u000042', 'team\uD80042', 'tëam'])(
    'flags %j on its row, naming the character',
    (value) => {
      const { row, draft: d } = draft(value);
      expect(validateDraft(d).extraHeaders?.[row.rowId]).toMatch(/X-Team.*U\+[0-9A-F]{4}/);
    },
  );

  it('accepts visible ASCII with spaces inside', () => {
    expect(validateDraft(draft('studio/1.0 (desktop)').draft)).toEqual({});
  });
});
