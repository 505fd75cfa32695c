// A saved conversation as a file people open elsewhere: Markdown to read or paste, or the saved JSON.
// Pure functions (no file system): the export handler writes what `buildConversationExport` returns.
import {
  type AssistantMessage,
  CHAT_FORMAT_NAMES,
  type CompactionMarker,
  type Conversation,
  type ConversationExportFormat,
  type ConversationMessage,
  conversationTitle,
  type FormatChangeMarker,
  type ImageAttachment,
} from '../../src-preload/contract.ts';
import { fileVersionOf } from './conversation-schema.ts';
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

function tokensLine(message: AssistantMessage): string | null {
  const parts: string[] = [];
  const { usage, metrics } = message;
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

function assistantSection(message: AssistantMessage): string[] {
  const blocks = [`## Assistant · ${message.model || 'unknown model'}`];
  if (message.reasoning.trim()) {
    blocks.push(`<details>\n<summary>Reasoning</summary>\n\n${block(message.reasoning)}\n\n</details>`);
  }
  if (message.text.trim()) blocks.push(block(message.text));
  const ending = endingLine(message);
  if (ending) blocks.push(ending);
  const tokens = tokensLine(message);
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
