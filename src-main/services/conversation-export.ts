// A saved conversation as a file people open elsewhere: Markdown to read or paste, or the saved JSON.
// Pure functions (no file system): the export handler writes what `buildConversationExport` returns.
import {
  type AssistantMessage,
  CHAT_FORMAT_NAMES,
  CHAT_PARAMETER_LABELS,
  type ChatSettings,
  type CompactionMarker,
  type Comparison,
  type Conversation,
  type ConversationExportFormat,
  type ConversationMessage,
  comparisonTitle,
  conversationTitle,
  type FormatChangeMarker,
  type ImageAttachment,
  type UserMessage,
} from '../../src-preload/contract.ts';
import { COMPARISON_FILE_VERSION, fileVersionOf } from './conversation-schema.ts';
import { fileNameSafe } from './file-name.ts';

/** How each format is named in the save dialog's filter. */
export const CONVERSATION_EXPORT_LABELS: Readonly<Record<ConversationExportFormat, string>> = {
  md: 'Markdown',
  json: 'JSON',
};

/**
 * Messages as builds before inspector records moved out expect them: every reply and compaction with an
 * `inspector` field (`null`: the record is kept apart). Those builds read version 1 files and would set a
 * file without the field aside as damaged, so going back to one loses no conversation.
 * `forExport`: without `hasDetail` too, which says whether this app keeps a record apart — bookkeeping of
 * the store, meaningless in a file read elsewhere (which holds no record).
 */
function readableByOlderBuilds(messages: readonly ConversationMessage[], forExport: boolean): unknown[] {
  return messages.map((message) => {
    if (message.role === 'user' || message.role === 'format-change') return message;
    const { hasDetail: _, ...unmarked } = message;
    const kept = forExport ? unmarked : message;
    if (kept.role === 'assistant') return { ...kept, inspector: null };
    return { ...kept, replaced: readableByOlderBuilds(kept.replaced, forExport), inspector: null };
  });
}

function fileText(conversation: Conversation, forExport: boolean): string {
  const file = {
    version: fileVersionOf(conversation),
    conversation: { ...conversation, messages: readableByOlderBuilds(conversation.messages, forExport) },
  };
  return forExport ? `${JSON.stringify(file, null, 2)}\n` : JSON.stringify(file);
}

/** The text of a conversation's file as the store writes it: `{ version, conversation }`. */
export const conversationFileText = (conversation: Conversation) => fileText(conversation, false);

/**
 * The JSON export: the file's shape, pretty-printed. Inspector records are not in it (they are kept apart,
 * for the latest replies only, to look at in the app), so an export is the conversation as it reads.
 */
export const conversationJsonExport = (conversation: Conversation) => fileText(conversation, true);

/**
 * Messages as an export holds them: without `hasDetail` (the store's bookkeeping, see
 * `readableByOlderBuilds`). Comparisons came after records moved out, so no `inspector` field is added.
 */
function withoutDetailMarks(messages: readonly ConversationMessage[]): unknown[] {
  return messages.map((message) => {
    if (message.role === 'user' || message.role === 'format-change') return message;
    const { hasDetail: _, ...unmarked } = message;
    return unmarked.role === 'compaction'
      ? { ...unmarked, replaced: withoutDetailMarks(unmarked.replaced) }
      : unmarked;
  });
}

/** A comparison's file: `{ version: 3, comparison }`; for an export, messages without `hasDetail`. */
function comparisonText(
  comparison: Comparison,
  forExport: boolean,
  extra?: (index: number) => object,
): string {
  const file = {
    version: COMPARISON_FILE_VERSION,
    comparison: {
      ...comparison,
      columns: comparison.columns.map((column, index) => ({
        ...column,
        ...extra?.(index),
        messages: forExport ? withoutDetailMarks(column.messages) : column.messages,
      })),
    },
  };
  return forExport ? `${JSON.stringify(file, null, 2)}\n` : JSON.stringify(file);
}

/** The text of a comparison's file as the store writes it: `{ version: 3, comparison }`. */
export const comparisonFileText = (comparison: Comparison) => comparisonText(comparison, false);

/**
 * The name of the profile a column's requests go to, for an export: its NAME only (never its key, address
 * or header values). `null` when the profile is gone.
 */
export type ProfileNamer = (profileId: string | undefined) => string | null;

/** A column's profile as an export names it. */
function profileLabel(column: Comparison['columns'][number], nameOf: ProfileNamer): string {
  return nameOf(column.profileId) ?? (column.profileId ? 'a deleted profile' : 'the active profile');
}

/**
 * The JSON export of a comparison: its file's shape, pretty-printed, each column with `profileName` (the
 * profile's name when exported; the file keeps only its id).
 */
export const comparisonJsonExport = (comparison: Comparison, nameOf: ProfileNamer) =>
  comparisonText(comparison, true, (index) => ({
    profileName: profileLabel(comparison.columns[index]!, nameOf),
  }));

/** Numbers as people read them, the same on every machine (`3,210`). */
const grouped = (value: number) => value.toLocaleString('en-US');

/** `2025-03-12 14:02 UTC`: main has no reliable idea of the reader's time zone, so it says which it uses. */
function readableTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * `text` with a code fence it leaves open closed: a reply stopped inside a code block would otherwise
 * turn the rest of the document into code.
 */
export function closeOpenFence(text: string): string {
  let open: string | null = null;
  for (const line of text.split('\n')) {
    const fence = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (!fence) continue;
    const marks = fence[1]!;
    if (open === null) {
      // A backtick fence's info string may not hold a backtick; otherwise it is inline code, not a fence.
      if (marks[0] === '`' && fence[2]!.includes('`')) continue;
      open = marks;
    } else if (marks[0] === open[0] && marks.length >= open.length && fence[2]!.trim() === '') {
      open = null;
    }
  }
  if (open === null) return text;
  return `${text}${text.endsWith('\n') ? '' : '\n'}${open}`;
}

/** A block of markdown as it stands between others: its own ends trimmed, nothing else touched. */
const block = (text: string) => closeOpenFence(text.replace(/^\n+|\s+$/g, ''));

/** A reply's numbers on one line; `speed`: its first-token time and rate too (a comparison's point). */
function tokensLine(message: AssistantMessage, speed = false): string | null {
  const parts: string[] = [];
  const { usage, metrics } = message;
  if (speed && metrics.ttftMs != null) parts.push(`TTFT ${grouped(Math.round(metrics.ttftMs))} ms`);
  if (speed && metrics.tokensPerSecond != null) parts.push(`${metrics.tokensPerSecond.toFixed(1)} tokens/s`);
  if (usage?.inputTokens != null) parts.push(`${grouped(usage.inputTokens)} input tokens`);
  if (usage?.outputTokens != null) parts.push(`${grouped(usage.outputTokens)} output tokens`);
  if (metrics.totalMs != null) parts.push(`${(metrics.totalMs / 1000).toFixed(1)} s`);
  return parts.length === 0 ? null : `_${parts.join(' · ')}_`;
}

function endingLine(message: AssistantMessage): string | null {
  switch (message.state) {
    case 'stopped':
      return '_Stopped — partial reply_';
    case 'streaming':
      // Saved while the reply was still arriving, and never finished (the app closed meanwhile).
      return '_Interrupted — partial reply_';
    case 'error': {
      const error = message.error;
      if (!error) return '_Failed_';
      return `_Failed: ${error.message}${error.hint ? ` ${error.hint}` : ''}_`;
    }
    case 'done':
      return null;
  }
}

function assistantSection(
  message: AssistantMessage,
  heading = `## Assistant · ${message.model || 'unknown model'}`,
  speed = false,
): string[] {
  const blocks = [heading];
  if (message.reasoning.trim()) {
    blocks.push(`<details>\n<summary>Reasoning</summary>\n\n${block(message.reasoning)}\n\n</details>`);
  }
  if (message.text.trim()) blocks.push(block(message.text));
  const ending = endingLine(message);
  if (ending) blocks.push(ending);
  const tokens = tokensLine(message, speed);
  if (tokens) blocks.push(tokens);
  return blocks;
}

function compactionSection(marker: CompactionMarker): string[] {
  const replaced = marker.replaced.filter((message) => message.role !== 'compaction').length;
  const items = marker.items.length;
  const into = items === 1 ? '1 summary' : `${grouped(items)} summary items`;
  const { tokensBefore, tokensAfter } = marker;
  const tokens =
    tokensBefore != null && tokensAfter != null
      ? ` (${grouped(tokensBefore)} → ${grouped(tokensAfter)} tokens)`
      : '';
  const messages = replaced === 1 ? '1 message' : `${grouped(replaced)} messages`;
  // The replaced turns come first: they are what happened before the compaction, kept for reading.
  return [
    ...marker.replaced.flatMap(messageSections),
    '---',
    `_Conversation compacted: ${messages} → ${into}${tokens}_`,
    '---',
  ];
}

/** A turn's images by name: the export carries text only, so it says what else the turn held. */
function imagesLine(images: readonly ImageAttachment[] | undefined): string[] {
  if (!images || images.length === 0) return [];
  const names = images.map((image) => image.name || 'image').join(', ');
  return [`_${images.length === 1 ? 'Image' : `${images.length} images`} (not in this file): ${names}_`];
}

function formatChangeSection(marker: FormatChangeMarker): string[] {
  const moved = `_Format changed: ${CHAT_FORMAT_NAMES[marker.from]} → ${CHAT_FORMAT_NAMES[marker.to]}`;
  if (marker.notCarried.length === 0) return [`${moved}; the history went over whole._`];
  return [`${moved}. Not carried: ${marker.notCarried.join('; ')}._`];
}

function messageSections(message: ConversationMessage): string[] {
  switch (message.role) {
    case 'user':
      return ['## You', ...imagesLine(message.images), ...(message.text ? [block(message.text)] : [])];
    case 'assistant':
      return assistantSection(message);
    case 'compaction':
      return compactionSection(message);
    case 'format-change':
      return formatChangeSection(message);
  }
}

/** The conversation as a Markdown document: title, one line of what it ran on, then every turn. */
export function conversationMarkdown(conversation: Conversation): string {
  const about = [
    conversation.model || 'no model',
    CHAT_FORMAT_NAMES[conversation.format],
    readableTime(conversation.createdAt),
  ].join(' · ');
  const blocks = [`# ${conversationTitle(conversation)}`, `_${about}_`];
  const instructions = conversation.settings.instructions?.trim();
  if (instructions) blocks.push('## System', block(instructions));
  blocks.push(...conversation.messages.flatMap(messageSections));
  return `${blocks.join('\n\n')}\n`;
}

/** The text of the exported file. */
export function buildConversationExport(
  format: ConversationExportFormat,
  conversation: Conversation,
): string {
  return format === 'json' ? conversationJsonExport(conversation) : conversationMarkdown(conversation);
}

/** The name the save dialog suggests: the conversation's title, safe as a file name. */
export function conversationExportName(conversation: Conversation, format: ConversationExportFormat): string {
  const stem = fileNameSafe(conversationTitle(conversation)).replace(/^\.+/, '');
  return `${stem || 'conversation'}.${format}`;
}

/** A setting as the Parameters panel names it (the export is read by people, not parsed). */
function settingName(name: keyof ChatSettings): string {
  // The one setting without a label of its own is a choice about another, shown as "Sent as" beside it.
  return name === 'maxTokensField' ? 'Max output tokens sent as' : CHAT_PARAMETER_LABELS[name];
}

/** The settings a column sends with that are set, as `Name: value` (the schema by its name only). */
function settingsLines(settings: ChatSettings): string[] {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined || name === 'instructions') continue;
    if (name === 'structuredOutput') {
      const structured = value as NonNullable<ChatSettings['structuredOutput']>;
      lines.push(`- JSON Schema: ${structured.name}${structured.strict ? ' (strict)' : ''}`);
    } else {
      lines.push(
        `- ${settingName(name as keyof ChatSettings)}: ${Array.isArray(value) ? value.map((v) => JSON.stringify(v)).join(', ') : String(value)}`,
      );
    }
  }
  return lines;
}

/** How a column is named under each turn: `Column 2 · Chat Completions · gpt-4o-mini`. */
function columnName(column: Comparison['columns'][number], index: number): string {
  return `Column ${index + 1} · ${CHAT_FORMAT_NAMES[column.format]} · ${column.model || 'no model'}`;
}

/** A column's own choices: profile (by name), format, model, streaming and the settings that are set. */
function columnSetup(column: Comparison['columns'][number], index: number, nameOf: ProfileNamer): string[] {
  const lines = [
    `- Profile: ${profileLabel(column, nameOf)}`,
    `- Format: ${CHAT_FORMAT_NAMES[column.format]}`,
    `- Model: ${column.model || 'no model'}`,
    `- Streamed: ${column.stream ? 'yes' : 'no'}`,
    ...settingsLines(column.settings),
  ];
  const blocks = [`## ${columnName(column, index)}`, lines.join('\n')];
  const instructions = column.settings.instructions?.trim();
  if (instructions) blocks.push('### System', block(instructions));
  return blocks;
}

/**
 * The comparison as a Markdown document: its title, each column's setup, then turn by turn the prompt
 * once and each column's reply under the column's name, with its metrics (and its error when it failed).
 * Columns share their prompts; a column's n-th reply is the one after its n-th prompt.
 */
export function comparisonMarkdown(comparison: Comparison, nameOf: ProfileNamer): string {
  const blocks = [`# ${comparisonTitle(comparison)}`, `_Comparison · ${readableTime(comparison.createdAt)}_`];
  for (const [index, column] of comparison.columns.entries())
    blocks.push(...columnSetup(column, index, nameOf));
  // Each column's history split at its prompts: turns[n] is what follows the n-th prompt in that column.
  const turnsOf = (messages: readonly ConversationMessage[]) => {
    const turns: Array<{ prompt: ConversationMessage | null; after: ConversationMessage[] }> = [];
    for (const message of messages) {
      if (message.role === 'user') turns.push({ prompt: message, after: [] });
      else if (turns.length === 0) turns.push({ prompt: null, after: [message] });
      else turns.at(-1)!.after.push(message);
    }
    return turns;
  };
  const columns = comparison.columns.map((column) => turnsOf(column.messages));
  const count = Math.max(...columns.map((turns) => turns.length));
  const asked = (message: ConversationMessage, level: string) =>
    messageSections(message).map((text) => (text === '## You' ? `${level} You` : text));
  for (let turn = 0; turn < count; turn++) {
    const prompts = columns.map((turns) => turns[turn]?.prompt ?? null);
    // One prompt for all, unless a column was asked something else (edited and sent again there alone).
    const shared = sharedPrompt(prompts);
    blocks.push(`---`, `## Turn ${turn + 1}`);
    if (shared) blocks.push(...asked(shared, '###'));
    columns.forEach((turns, index) => {
      const column = comparison.columns[index]!;
      const heading = `### ${columnName(column, index)}`;
      const after = turns[turn]?.after ?? [];
      const own = shared ? null : prompts[index];
      if (own) blocks.push(heading, ...asked(own, '####'));
      if (after.length === 0) blocks.push(...(own ? [] : [heading]), '_No reply_');
      // Under its own prompt, the column's reply is headed as such; else the column's name heads it.
      const named = own ? '#### Reply' : heading;
      for (const message of after) {
        if (message.role === 'assistant') blocks.push(...assistantSection(message, named, true));
        else blocks.push(...messageSections(message));
      }
    });
  }
  return `${blocks.join('\n\n')}\n`;
}

/** The prompt every column was asked at a turn, or `null` when they were asked different things. */
function sharedPrompt(prompts: ReadonlyArray<ConversationMessage | null>): ConversationMessage | null {
  const asked = prompts.filter((prompt): prompt is ConversationMessage => prompt !== null);
  const first = asked[0];
  if (!first) return null;
  const same = (a: ConversationMessage, b: ConversationMessage) =>
    a.role === 'user' && b.role === 'user' && a.text === b.text && sameImages(a.images, b.images);
  return asked.every((prompt) => same(prompt, first)) ? first : null;
}

function sameImages(a: UserMessage['images'], b: UserMessage['images']): boolean {
  return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
}

/** The text of a comparison's exported file. */
export function buildComparisonExport(
  format: ConversationExportFormat,
  comparison: Comparison,
  nameOf: ProfileNamer,
): string {
  return format === 'json'
    ? comparisonJsonExport(comparison, nameOf)
    : comparisonMarkdown(comparison, nameOf);
}

/** The name the save dialog suggests for a comparison: its title, safe as a file name. */
export function comparisonExportName(comparison: Comparison, format: ConversationExportFormat): string {
  const stem = fileNameSafe(comparisonTitle(comparison)).replace(/^\.+/, '');
  return `${stem || 'comparison'}.${format}`;
}
