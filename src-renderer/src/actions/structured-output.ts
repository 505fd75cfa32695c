// Structured output: checking the schema the user is writing, and a reply against the schema it was asked
// with. Main holds the validator (`chat.checkStructured`); these only ask it and word the answer.
import type { StructuredVerdict } from '../../../src-preload/contract.ts';
import { call } from '../api.ts';

/** Typing pauses this long before the schema is checked: one check per pause, not per key. */
export const SCHEMA_CHECK_DELAY_MS = 300;

export type SchemaCheck =
  | { status: 'valid' }
  /** Main's validator refused it: `message` is its own words, the same that Send would be refused with. */
  | { status: 'invalid'; message: string }
  /** The check itself could not run (main unreachable, …): nothing is known about the schema. */
  | { status: 'unchecked'; message: string };

/** Whether `schemaText` is a JSON Schema main would send. */
export async function checkSchema(schemaText: string): Promise<SchemaCheck> {
  const result = await call('chat.checkStructured', { schema: schemaText });
  if (result.ok) return { status: 'valid' };
  if (result.error.code === 'invalid_input') return { status: 'invalid', message: result.error.message };
  return { status: 'unchecked', message: result.error.message };
}

/**
 * A finished reply checked against the schema it was asked with, to store on the reply; `null` when it could
 * not be checked (the schema no longer parses, main unreachable), so no verdict is shown rather than a wrong one.
 */
export async function checkStructuredReply(
  schemaText: string,
  name: string,
  replyText: string,
): Promise<{ name: string; verdict: StructuredVerdict } | null> {
  const result = await call('chat.checkStructured', { schema: schemaText, text: replyText });
  if (!result.ok || !result.data.verdict) return null;
  return { name, verdict: result.data.verdict };
}
