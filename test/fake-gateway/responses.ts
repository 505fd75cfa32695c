// POST /v1/responses (JSON or SSE) and POST /v1/responses/compact.
import { randomBytes } from 'node:crypto';
import { chunks, cutShort, reasoningOf, replyFor, textOfParts, tokens } from './chat.ts';
import type { OpenAIError } from './errors.ts';
import { checkImageUrl } from './images.ts';
import { type SseEvent, SseWriter } from './sse.ts';
import { type GatewayState, type Handler, isRecord } from './state.ts';
import { responsesJsonRequest, strictSchemaProblem } from './structured.ts';
import { checkModel, invalidValue, missingParameter } from './validate.ts';

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

interface InputSummary {
  lastUserText: string;
  allText: string;
  userMessages: unknown[];
}

/** Reads `input`: a string, or items (messages with string or part content, earlier outputs, compaction items). */
function summariseInput(input: unknown): InputSummary | null {
  if (typeof input === 'string') {
    return {
      lastUserText: input,
      allText: input,
      userMessages: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: input }] }],
    };
  }
  if (!Array.isArray(input)) return null;
  let lastUserText = '';
  let allText = '';
  const userMessages: unknown[] = [];
  for (const item of input) {
    if (!isRecord(item)) continue;
    const text = textOfParts(item.content);
    allText += text;
    if (item.role === 'user') {
      lastUserText = text;
      userMessages.push({
        type: 'message',
        role: 'user',
        content:
          typeof item.content === 'string' ? [{ type: 'input_text', text: item.content }] : item.content,
      });
    }
  }
  return { lastUserText, allText, userMessages };
}

/** `input_image` parts: an image URL (https or a base64 data URL) or an uploaded file's id. */
function checkInputImages(input: unknown): OpenAIError | null {
  if (!Array.isArray(input)) return null;
  for (const [i, item] of input.entries()) {
    if (!isRecord(item) || !Array.isArray(item.content)) continue;
    for (const [j, part] of item.content.entries()) {
      if (!isRecord(part) || part.type !== 'input_image') continue;
      if (part.image_url === undefined && typeof part.file_id === 'string') continue;
      const problem = checkImageUrl(part.image_url, `input[${i}].content[${j}].image_url`);
      if (problem) return problem;
    }
  }
  return null;
}

function validate(
  state: GatewayState,
  json: unknown,
  endpoint: 'openai-response' | 'openai-response-compact',
) {
  if (!isRecord(json)) return invalidValue('body', 'The request body must be a JSON object.', 'invalid_json');
  if (typeof json.model !== 'string' || json.model === '') return missingParameter('model');
  if (json.input === undefined && json.previous_response_id === undefined) return missingParameter('input');
  const input = summariseInput(json.input ?? []);
  if (!input)
    return invalidValue(
      'input',
      "Invalid type for 'input': expected a string or an array of items.",
      'invalid_type',
    );
  const wanted = responsesJsonRequest(json);
  const problem = checkInputImages(json.input) ?? wanted.problem;
  if (problem) return problem;
  return (
    checkModel(state.models, json.model, endpoint) ??
    strictSchemaProblem(state.models, json.model, wanted, 'responses')
  );
}

export const createResponse: Handler = async (ex, state, body) => {
  const problem = validate(state, body.json, 'openai-response');
  if (problem) return ex.sendError(problem);
  const request = body.json as Record<string, unknown>;
  const model = String(request.model);
  const input = summariseInput(request.input ?? [])!;
  const reply = replyFor(state.replies.responses, input.lastUserText, responsesJsonRequest(request).schema);
  const wantsReasoning = isRecord(request.reasoning) && request.reasoning.summary != null;
  const reasoning = reasoningOf(reply, wantsReasoning);
  let text = reply.text;
  if (reply.incomplete === 'max_output_tokens') text = cutShort(text);
  if (reply.incomplete === 'content_filter') text = '';

  const responseId = id('resp');
  const reasoningId = id('rs');
  const messageId = id('msg');
  const createdAt = Math.floor(Date.now() / 1000);
  const usage = {
    input_tokens: tokens(input.allText) + tokens(String(request.instructions ?? '')) + 3,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: tokens(text) + tokens(reasoning),
    output_tokens_details: { reasoning_tokens: tokens(reasoning) },
    total_tokens: 0,
  };
  usage.total_tokens = usage.input_tokens + usage.output_tokens;

  const reasoningItem = {
    id: reasoningId,
    type: 'reasoning',
    summary: [{ type: 'summary_text', text: reasoning }],
  };
  const textPart = { type: 'output_text', annotations: [], logprobs: [], text };
  const messageItem = {
    id: messageId,
    type: 'message',
    status: 'completed',
    role: 'assistant',
    content: [textPart],
  };
  const finalStatus = reply.incomplete ? 'incomplete' : 'completed';
  // A turn that ends with a tool call: a `function_call` item after the text (the text left out when empty).
  const call = reply.toolCall && !reply.incomplete ? reply.toolCall : undefined;
  const withMessage = reply.incomplete !== 'content_filter' && !(call && text === '');
  const callItem = call && {
    id: id('fc'),
    type: 'function_call',
    status: 'completed',
    arguments: call.arguments,
    call_id: id('call'),
    name: call.name,
  };
  const output: unknown[] = [];
  if (reasoning) output.push(reasoningItem);
  if (withMessage) output.push(messageItem);
  if (callItem) output.push(callItem);
  const response = (status: string, withOutput: boolean) => ({
    id: responseId,
    object: 'response',
    created_at: createdAt,
    status,
    error: null,
    incomplete_details: status === 'incomplete' ? { reason: reply.incomplete } : null,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    model,
    output: withOutput ? output : [],
    parallel_tool_calls: true,
    previous_response_id: request.previous_response_id ?? null,
    reasoning: {
      effort: isRecord(request.reasoning) ? (request.reasoning.effort ?? null) : null,
      summary: null,
    },
    store: request.store ?? true,
    temperature: request.temperature ?? 1,
    text: isRecord(request.text) ? request.text : { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: request.top_p ?? 1,
    truncation: 'disabled',
    usage: withOutput ? usage : null,
    metadata: {},
  });

  if (request.stream !== true) {
    if (ex.fault?.kind === 'error-event') {
      const message = ex.fault.message ?? 'upstream error: stream interrupted';
      return ex.sendJson(200, {
        ...response('failed', false),
        error: { code: 'server_error', message },
      });
    }
    return ex.sendJson(200, response(finalStatus, true));
  }

  const event = (type: string, fields: Record<string, unknown>, terminal = false): SseEvent => ({
    event: type,
    data: { type, ...fields },
    terminal,
  });
  const sse = new SseWriter(ex, {
    numbered: true,
    // Like real gateways, an idle-looking ping now and then; clients must skip comment lines.
    keepAliveAfter: (n) => n === 3 || n % 40 === 0,
    errorEvents: (message) =>
      ex.fault?.kind === 'error-event' && ex.fault.event === 'response.failed'
        ? [
            event('response.failed', {
              response: { ...response('failed', false), error: { code: 'server_error', message } },
            }),
          ]
        : [event('error', { code: 'server_error', message, param: null })],
  });
  sse.open();
  await sse.send(event('response.created', { response: response('in_progress', false) }));
  await sse.send(event('response.in_progress', { response: response('in_progress', false) }));
  let outputIndex = 0;
  if (reasoning) {
    const base = { item_id: reasoningId, output_index: outputIndex, summary_index: 0 };
    await sse.send(
      event('response.output_item.added', {
        output_index: outputIndex,
        item: { ...reasoningItem, summary: [] },
      }),
    );
    await sse.send(
      event('response.reasoning_summary_part.added', { ...base, part: { type: 'summary_text', text: '' } }),
    );
    for (const delta of chunks(reasoning, reply.chunkSize ?? 8)) {
      await sse.send(event('response.reasoning_summary_text.delta', { ...base, delta }));
    }
    await sse.send(event('response.reasoning_summary_text.done', { ...base, text: reasoning }));
    await sse.send(
      event('response.reasoning_summary_part.done', {
        ...base,
        part: { type: 'summary_text', text: reasoning },
      }),
    );
    await sse.send(event('response.output_item.done', { output_index: outputIndex, item: reasoningItem }));
    outputIndex += 1;
  }
  if (withMessage) {
    const base = { item_id: messageId, output_index: outputIndex, content_index: 0 };
    await sse.send(
      event('response.output_item.added', {
        output_index: outputIndex,
        item: { ...messageItem, status: 'in_progress', content: [] },
      }),
    );
    await sse.send(event('response.content_part.added', { ...base, part: { ...textPart, text: '' } }));
    for (const delta of chunks(text, reply.chunkSize ?? 8)) {
      await sse.send(event('response.output_text.delta', { ...base, delta, logprobs: [] }));
    }
    await sse.send(event('response.output_text.done', { ...base, text, logprobs: [] }));
    await sse.send(event('response.content_part.done', { ...base, part: textPart }));
    await sse.send(event('response.output_item.done', { output_index: outputIndex, item: messageItem }));
    outputIndex += 1;
  }
  if (callItem) {
    const base = { item_id: callItem.id, output_index: outputIndex };
    await sse.send(
      event('response.output_item.added', {
        output_index: outputIndex,
        item: { ...callItem, status: 'in_progress', arguments: '' },
      }),
    );
    for (const delta of chunks(callItem.arguments, reply.chunkSize ?? 8)) {
      await sse.send(event('response.function_call_arguments.delta', { ...base, delta }));
    }
    await sse.send(
      event('response.function_call_arguments.done', { ...base, arguments: callItem.arguments }),
    );
    await sse.send(event('response.output_item.done', { output_index: outputIndex, item: callItem }));
  }
  const terminal = finalStatus === 'completed' ? 'response.completed' : 'response.incomplete';
  await sse.send(event(terminal, { response: response(finalStatus, true) }, true));
  sse.end();
};

export const compactResponse: Handler = async (ex, state, body) => {
  const problem = validate(state, body.json, 'openai-response-compact');
  if (problem) return ex.sendError(problem);
  const request = body.json as Record<string, unknown>;
  const input = summariseInput(request.input ?? [])!;
  const summary = Buffer.from(
    JSON.stringify({ summary: input.allText.slice(0, 2000), at: Date.now() }),
    'utf8',
  ).toString('base64');
  const inputTokens = tokens(input.allText) + 3;
  await ex.sendJson(200, {
    id: id('resp'),
    object: 'response.compaction',
    created_at: Math.floor(Date.now() / 1000),
    output: [
      ...input.userMessages,
      { id: id('cmp'), type: 'compaction', encrypted_content: `gAAAAB${summary}` },
    ],
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 64,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: inputTokens + 64,
    },
  });
};
