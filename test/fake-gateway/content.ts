// /v1beta content generation: generateContent (JSON), streamGenerateContent (SSE with ?alt=sse, else a
// streamed JSON array like Google's), the model listing and one model's entry.
import { geminiListing, geminiModel } from './catalogue.ts';
import { chunks, cutShort, reasoningOf, replyFor, textOfParts, tokens } from './chat.ts';
import type { OpenAIError } from './errors.ts';
import { checkInlineData } from './images.ts';
import { SseWriter } from './sse.ts';
import { type Handler, isRecord } from './state.ts';
import { contentJsonRequest } from './structured.ts';
import { checkModel, invalidValue } from './validate.ts';

/** Page tokens are opaque to clients; here one is just the offset of the page it starts. */
function pageToken(offset: number): string {
  return Buffer.from(`offset:${offset}`, 'utf8').toString('base64url');
}

function offsetOf(token: string): number | undefined {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

/** One page when `modelPageSize` is unset (as new-api answers); otherwise Google's paging. */
export const listModels: Handler = async (ex, state) => {
  const listing = geminiListing(state.models) as { models: unknown[] };
  const configured = state.modelPageSize;
  if (configured === null) return ex.sendJson(200, listing);
  const asked = Number(ex.record.query.pageSize);
  const size = Number.isInteger(asked) && asked > 0 ? Math.min(asked, configured) : configured;
  const token = ex.record.query.pageToken;
  const offset = token === undefined || token === '' ? 0 : offsetOf(token);
  if (offset === undefined) {
    return ex.sendError(invalidValue('pageToken', 'Invalid page token.', 'invalid_page_token'));
  }
  const models = listing.models.slice(offset, offset + size);
  const next = offset + size < listing.models.length ? { nextPageToken: pageToken(offset + size) } : {};
  await ex.sendJson(200, { models, ...next });
};

export const getModel: Handler = async (ex, state, _body, params) => {
  const found = state.models.find((m) => m.id === params.model);
  if (!found) {
    return ex.sendError({
      status: 404,
      message: `models/${params.model} is not found`,
      code: 'model_not_found',
    });
  }
  await ex.sendJson(200, geminiModel(found));
};

/** `inlineData` (or `inline_data`) parts of every content: an image type and base64 data. */
function checkInlineParts(contents: unknown[]): OpenAIError | null {
  for (const [i, content] of contents.entries()) {
    if (!isRecord(content) || !Array.isArray(content.parts)) continue;
    for (const [j, part] of content.parts.entries()) {
      if (!isRecord(part)) continue;
      const inline = part.inlineData ?? part.inline_data;
      if (inline === undefined) continue;
      const problem = checkInlineData(inline, `contents[${i}].parts[${j}].inline_data`);
      if (problem) return problem;
    }
  }
  return null;
}

/** Gemini sends a call's arguments as an object (`args`), not as JSON text. */
function functionCallOf(call: { name: string; arguments: string }): { name: string; args: unknown } {
  try {
    return { name: call.name, args: JSON.parse(call.arguments) as unknown };
  } catch {
    return { name: call.name, args: {} };
  }
}

export const generateContent: Handler = async (ex, state, body, params) => {
  const model = params.model ?? '';
  const stream = params.action === 'streamGenerateContent';
  const request = body.json;
  if (!isRecord(request))
    return ex.sendError(invalidValue('body', 'The request body must be a JSON object.', 'invalid_json'));
  if (!Array.isArray(request.contents) || request.contents.length === 0) {
    return ex.sendError(
      invalidValue('contents', '* GenerateContentRequest.contents: contents is not specified'),
    );
  }
  const wanted = contentJsonRequest(request);
  const problem =
    checkInlineParts(request.contents) ?? wanted.problem ?? checkModel(state.models, model, 'gemini');
  if (problem) return ex.sendError(problem);

  let lastUserText = '';
  let promptText = textOfParts(
    isRecord(request.systemInstruction) ? request.systemInstruction.parts : undefined,
  );
  for (const content of request.contents) {
    if (!isRecord(content)) continue;
    const text = textOfParts(content.parts);
    promptText += text;
    if (content.role === undefined || content.role === 'user') lastUserText = text;
  }
  const reply = replyFor(state.replies.content, lastUserText, wanted.schema);
  const config = isRecord(request.generationConfig) ? request.generationConfig : {};
  const thinking = isRecord(config.thinkingConfig) ? config.thinkingConfig : {};
  const thoughts = reasoningOf(reply, thinking.includeThoughts === true);
  let text = reply.text;
  if (reply.incomplete === 'max_output_tokens') text = cutShort(text);
  const finishReason = reply.incomplete === 'max_output_tokens' ? 'MAX_TOKENS' : 'STOP';
  // A tool call is a `functionCall` part after the text; Gemini still ends such a turn with STOP.
  const call = reply.toolCall && !reply.incomplete ? { functionCall: functionCallOf(reply.toolCall) } : null;
  const responseId = Math.random().toString(36).slice(2, 14);
  const usage = {
    promptTokenCount: tokens(promptText) + 1,
    candidatesTokenCount: tokens(text),
    ...(thoughts ? { thoughtsTokenCount: tokens(thoughts) } : {}),
    totalTokenCount: tokens(promptText) + 1 + tokens(text) + tokens(thoughts),
  };
  const blocked = reply.incomplete === 'content_filter';
  const candidate = (parts: unknown[], last: boolean) => ({
    content: { role: 'model', parts },
    ...(last ? { finishReason } : {}),
    index: 0,
  });
  const chunk = (parts: unknown[], last: boolean) => ({
    candidates: [candidate(parts, last)],
    ...(last ? { usageMetadata: usage } : {}),
    modelVersion: model,
    responseId,
  });
  const blockedBody = {
    promptFeedback: { blockReason: 'SAFETY' },
    usageMetadata: { promptTokenCount: usage.promptTokenCount, totalTokenCount: usage.promptTokenCount },
    modelVersion: model,
    responseId,
  };

  if (!stream) {
    if (ex.fault?.kind === 'error-event') {
      return ex.sendError({
        status: 500,
        message: ex.fault.message ?? 'upstream error',
        code: 'internal_error',
      });
    }
    if (blocked) return ex.sendJson(200, blockedBody);
    const parts = [
      ...(thoughts ? [{ text: thoughts, thought: true }] : []),
      ...(text || !call ? [{ text }] : []),
      ...(call ? [call] : []),
    ];
    return ex.sendJson(200, chunk(parts, true));
  }

  // Each chunk carries only its new text; the last also carries finishReason and the final usage.
  const pieces: unknown[] = [
    ...chunks(thoughts, reply.chunkSize ?? 8).map((t) => ({ text: t, thought: true as const })),
    ...chunks(text, reply.chunkSize ?? 8).map((t) => ({ text: t })),
    ...(call ? [call] : []),
  ];
  const bodies: unknown[] = blocked
    ? [blockedBody]
    : pieces.length === 0
      ? [chunk([{ text: '' }], true)]
      : pieces.map((piece, i) => chunk([piece], i === pieces.length - 1));

  if (ex.record.query.alt !== 'sse') {
    // Without alt=sse Google streams one JSON array, element by element.
    ex.head(200, { 'content-type': 'application/json; charset=UTF-8' });
    for (let i = 0; i < bodies.length; i += 1) {
      if (i > 0) await ex.sleep(ex.eventDelayMs());
      await ex.write(`${i === 0 ? '[' : ',\r\n'}${JSON.stringify(bodies[i])}`);
    }
    await ex.write(']');
    ex.end();
    return;
  }

  const sse = new SseWriter(ex, {
    separator: '\r\n\r\n',
    errorEvents: (message) => [{ data: { error: { code: 500, message, status: 'INTERNAL' } } }],
  });
  sse.open();
  for (let i = 0; i < bodies.length; i += 1) {
    await sse.send({ data: bodies[i], terminal: i === bodies.length - 1 });
  }
  sse.end();
};
