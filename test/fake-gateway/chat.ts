// What the chat formats share: the reply to give, and rough token counts.
import { sampleFromSchema } from './structured.ts';
import type { ChatReply } from './types.ts';

export const DEFAULT_REASONING =
  'The user wants a short answer. I will repeat what they said, then add a few lines that show formatting.';

/** The default reply echoes the user, so a conversation by hand feels alive; the non-ASCII text lets trickle split characters. */
export function defaultReply(lastUserText: string): ChatReply {
  const said = lastUserText.trim();
  const quoted = said.length > 200 ? `${said.slice(0, 200)}…` : said;
  const opening = said ? `You said: “${quoted}”.` : 'Hello!';
  return {
    text:
      `${opening}\n\nThis answer comes from the fake gateway — café — 你好 👋. It streams in small pieces so you ` +
      'can watch it arrive.\n\n- a list item\n- another one\n\n```ts\nconsole.log("done");\n```',
    reasoning: DEFAULT_REASONING,
    reasoningWhen: 'requested',
  };
}

/**
 * The reply a chat endpoint gives: the one the test scripted for its format, else the default — which, when
 * the request asked for JSON following a schema, is a document built from that schema (with the default
 * reasoning), so a client's structured-output path sees a reply that validates.
 */
export function replyFor(
  scripted: ChatReply | null,
  lastUserText: string,
  schema: Record<string, unknown> | undefined,
): ChatReply {
  if (scripted) return scripted;
  const reply = defaultReply(lastUserText);
  return schema ? { ...reply, text: JSON.stringify(sampleFromSchema(schema)) } : reply;
}

/** The reasoning to send, honouring `reasoningWhen`. */
export function reasoningOf(reply: ChatReply, requested: boolean): string {
  if (!reply.reasoning) return '';
  return reply.reasoningWhen === 'requested' && !requested ? '' : reply.reasoning;
}

/** Splits on code points, so a delta never holds half of a surrogate pair. */
export function chunks(text: string, size = 8): string[] {
  const points = [...text];
  const out: string[] = [];
  for (let i = 0; i < points.length; i += Math.max(1, size)) out.push(points.slice(i, i + size).join(''));
  return out;
}

/** What a turn cut by `max_output_tokens` got out: the first half. */
export function cutShort(text: string): string {
  const points = [...text];
  return points.slice(0, Math.ceil(points.length / 2)).join('');
}

export function tokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

/** The text of an input part list (`input_text`, `text`, or Gemini `{text}` parts); other parts add nothing. */
export function textOfParts(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : ''))
    .join('');
}
