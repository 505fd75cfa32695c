// Issue 15, item 5: what the renderer asks main about a schema and a reply (`chat.checkStructured`), and how
// the answer is taken: main's validator message shown as it is, a failed check never taken for a verdict.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BRIDGE_KEY, type MethodName, type Result } from '../../../src-preload/contract.ts';
import { checkSchema, checkStructuredReply } from '../../../src-renderer/src/actions/structured-output.ts';

const calls: Array<{ method: MethodName; input: unknown }> = [];
let answer: (input: { schema: string; text?: string }) => Result<unknown>;

beforeEach(() => {
  calls.length = 0;
  (globalThis as Record<string, unknown>).window = {
    [BRIDGE_KEY]: {
      invoke: async (method: MethodName, input: unknown) => {
        calls.push({ method, input: structuredClone(input) });
        return answer(input as { schema: string; text?: string });
      },
      on: () => () => {},
      pathForFile: () => '',
    },
  };
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
});

const SCHEMA = '{"type":"object","properties":{"n":{"type":"number"}},"required":["n"]}';
const REFUSED = 'The schema is not valid: /type must be equal to one of the allowed values';

describe('checking the schema being typed', () => {
  it('asks main with the schema alone', async () => {
    answer = () => ({ ok: true, data: { verdict: null } });
    expect(await checkSchema(SCHEMA)).toEqual({ status: 'valid' });
    expect(calls).toEqual([{ method: 'chat.checkStructured', input: { schema: SCHEMA } }]);
  });

  it('shows the validator’s own words when main refuses it', async () => {
    answer = () => ({ ok: false, error: { code: 'invalid_input', message: REFUSED } });
    expect(await checkSchema('{"type":"objekt"}')).toEqual({ status: 'invalid', message: REFUSED });
  });

  it('does not call a schema invalid when the check itself could not run', async () => {
    answer = () => ({ ok: false, error: { code: 'internal', message: 'Main stopped answering.' } });
    expect(await checkSchema(SCHEMA)).toEqual({ status: 'unchecked', message: 'Main stopped answering.' });
  });
});

describe('checking a finished reply', () => {
  it('sends the schema and the reply, and keeps the schema’s name with the verdict', async () => {
    const verdict = { parsed: true, valid: false, errors: ['/n: must be number'] };
    answer = () => ({ ok: true, data: { verdict } });
    expect(await checkStructuredReply(SCHEMA, 'counter', '{"n":"three"}')).toEqual({
      name: 'counter',
      verdict,
    });
    expect(calls[0]).toEqual({
      method: 'chat.checkStructured',
      input: { schema: SCHEMA, text: '{"n":"three"}' },
    });
  });

  it('gives no verdict when the check fails', async () => {
    answer = () => ({ ok: false, error: { code: 'invalid_input', message: REFUSED } });
    expect(await checkStructuredReply('{', 'counter', '{"n":3}')).toBeNull();
  });
});
