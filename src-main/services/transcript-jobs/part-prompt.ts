// What a part of a long recording is sent as `prompt`: the user's own prompt (their vocabulary), then the
// end of the previous part's text, so the model carries spelling, names and punctuation across the cut.
// OpenAI's speech-to-text guide recommends exactly this for split files ("prompting … with the transcript of
// the preceding segment"); whisper reads only the prompt's last 224 tokens, so the tail is kept short and
// placed last, where it counts.

/** About 50 tokens of English: enough context, and the user's prompt still fits before it. */
export const PROMPT_TAIL_CHARS = 200;

/** Diarize models take no prompt: OpenAI answers 400 "Prompt is not supported for diarization models". */
export function acceptsPrompt(model: string): boolean {
  return !/diarize/i.test(model);
}

/** The last `maxChars` of `text`, starting at a word boundary when there is one. */
export function textTail(text: string, maxChars = PROMPT_TAIL_CHARS): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  const cut = trimmed.slice(-maxChars);
  const space = cut.search(/\s/);
  // No space in the tail: a script written without spaces (Chinese, Japanese) is cut anywhere.
  return space === -1 ? cut : cut.slice(space + 1);
}

/** The prompt for a part, given the user's prompt and the previous part's text when it is known. */
export function partPrompt(
  model: string,
  userPrompt: string | undefined,
  previousText: string | undefined,
): string | undefined {
  if (!acceptsPrompt(model)) return userPrompt || undefined;
  const tail = previousText ? textTail(previousText) : '';
  const joined = [userPrompt?.trim(), tail].filter(Boolean).join('\n');
  return joined || undefined;
}
