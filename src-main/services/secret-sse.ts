// The inspector's raw stream events, scrubbed with memory. A gateway that splits a secret across deltas
// puts a few characters of it in each event; each event alone shows fewer than 8, but the events side by
// side spell it. So each string of an event's JSON is read after the same string (same place in the JSON:
// `delta`, `candidates.0.content.parts.0.text`…) of the events before it: once 8 characters in a row of
// a secret show, every later character of it is hidden. Events go to the inspector as they arrive (their
// times matter there), so what came before a secret's first 8 characters, at most 7 of them, stays shown;
// the text the user reads is held back and loses none (secret-shield.ts).
import type { SecretMatcher } from './secret-matcher.ts';
import { replaceRanges } from './secret-matcher.ts';
import { NOT_JSON, parseJsonDocument } from './secret-scrub.ts';

interface SseMessage {
  event: string | undefined;
  data: string;
}

/** A function that scrubs each SSE message of one stream, in the order they arrive. */
export function createSseScrubber(matcher: SecretMatcher): (message: SseMessage) => SseMessage {
  /** The last characters of each JSON place's strings so far, as the gateway sent them. */
  const tails = new Map<string, string>();

  function scrubLeaf(place: string, text: string): string {
    const before = tails.get(place) ?? '';
    const joined = before + text;
    tails.set(place, joined.slice(joined.length - matcher.holdBack(joined)));
    const ranges = matcher
      .ranges(joined)
      .filter(([, end]) => end > before.length)
      .map(([start, end]) => [Math.max(start, before.length) - before.length, end - before.length] as const);
    return replaceRanges(text, ranges);
  }

  function walk(value: unknown, place: string, depth: number): unknown {
    if (typeof value === 'string') return scrubLeaf(place, value);
    if (depth > 64 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      const items = value.map((item, i) => walk(item, `${place}.${i}`, depth + 1));
      return items.some((item, i) => item !== value[i]) ? items : value;
    }
    const entries = Object.entries(value);
    const scrubbed = entries.map(([key, item]) => [key, walk(item, `${place}.${key}`, depth + 1)] as const);
    return scrubbed.some(([, item], i) => item !== entries[i]?.[1]) ? Object.fromEntries(scrubbed) : value;
  }

  return (message) => {
    if (matcher.empty) return message;
    let data = message.data;
    const parsed = parseJsonDocument(data);
    if (parsed !== NOT_JSON) {
      // Every string is read, hidden or not, so that the next event's strings are read after it.
      const scrubbed = walk(parsed.value, '$', 0);
      if (scrubbed !== parsed.value) data = JSON.stringify(scrubbed);
    }
    // And the data as it is: a secret in data that is not JSON, or spread over JSON punctuation.
    data = matcher.scrub(data);
    return data === message.data ? message : { ...message, data };
  };
}
