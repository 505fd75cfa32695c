// POST /v1/chat/completions as new-api serves it (WIRE.md Part 2 "Chat Completions"; OpenAI's API reference
// for the chat completion object and the chunk object): a JSON `chat.completion`, or with `stream: true`
// SSE `data:` chunks — the role first, reasoning (`reasoning_content`, as DeepSeek and new-api send it),
// text, an empty chunk, the finish reason, the usage chunk (only with `stream_options.include_usage`,
// with `choices: []`), then `data: [DONE]`.
import { randomBytes } from 'node:crypto';
import { chunks, cutShort, reasoningOf, replyFor, textOfParts, tokens } from './chat.ts';
import type { OpenAIError } from './errors.ts';
import { checkImageUrl } from './images.ts';
import { SseWriter } from './sse.ts';
import { type GatewayState, type Handler, isRecord } from './state.ts';
import { chatJsonRequest, strictSchemaProblem } from './structured.ts';
import type { ChatReply } from './types.ts';
import { checkModel, invalidValue, missingParameter } from './validate.ts';

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'];
const PART_TYPES = ['text', 'image_url', 'input_audio', 'file', 'refusal'];

interface ChatRequest {
  request: Record<string, unknown>;
  model: string;
  lastUserText: string;
  allText: string;
  schema?: Record<string, unknown>;
}

/** One message's `content`, as OpenAI checks it (its parameter paths and wording). */
function checkContent(message: Record<string, unknown>, param: string): OpenAIError | null {
  const { role, content } = message;
  if (content === undefined || content === null) {
    // Only an assistant message that calls tools may leave its content out.
    return role === 'assistant' ? null : missingParameter(param);
  }
  if (typeof content === 'string') return null;
  if (!Array.isArray(content)) {
    return invalidValue(
      param,
      `Invalid type for '${param}': expected one of a string or array of objects.`,
      'invalid_type',
    );
  }
  if (content.length === 0 && role !== 'assistant') {
    return invalidValue(
      param,
      `Invalid '${param}': empty array. Expected an array with minimum length 1, but got an empty array instead.`,
      'empty_array',
    );
  }
  for (const [j, part] of content.entries()) {
    const at = `${param}[${j}]`;
    if (!isRecord(part)) {
      return invalidValue(at, `Invalid type for '${at}': expected an object.`, 'invalid_type');
    }
    if (part.type === undefined) return missingParameter(`${at}.type`);
    if (!PART_TYPES.includes(String(part.type))) {
      return invalidValue(
        `${at}.type`,
        `Invalid value: '${String(part.type)}'. Supported values are: 'text', 'image_url', 'input_audio', 'refusal', and 'file'.`,
      );
    }
    if (part.type === 'text' && typeof part.text !== 'string') return missingParameter(`${at}.text`);
    if (part.type === 'image_url') {
      if (role !== 'user') {
        return invalidValue(
          at,
          `Image URLs are only allowed for messages with role 'user', but this message with role '${String(role)}' contains an image URL.`,
        );
      }
      if (!isRecord(part.image_url)) {
        return invalidValue(
          `${at}.image_url`,
          `Invalid type for '${at}.image_url': expected an object, but got ${typeof part.image_url} instead.`,
          'invalid_type',
        );
      }
      const problem = checkImageUrl(part.image_url.url, `${at}.image_url.url`);
      if (problem) return problem;
    }
  }
  return null;
}

function checkMessage(message: unknown, i: number): OpenAIError | null {
  const param = `messages[${i}]`;
  if (!isRecord(message)) {
    return invalidValue(param, `Invalid type for '${param}': expected an object.`, 'invalid_type');
  }
  if (message.role === undefined) return missingParameter(`${param}.role`);
  if (!ROLES.includes(String(message.role))) {
    return invalidValue(
      `${param}.role`,
      `Invalid value: '${String(message.role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
    );
  }
  if (message.role === 'tool' && typeof message.tool_call_id !== 'string') {
    return missingParameter(`${param}.tool_call_id`);
  }
  return checkContent(message, `${param}.content`);
}

/** The body checks a provider makes, then new-api's model routing (the shared `checkModel`). */
function readRequest(state: GatewayState, json: unknown): ChatRequest | OpenAIError {
  if (!isRecord(json)) return invalidValue('body', 'The request body must be a JSON object.', 'invalid_json');
  if (typeof json.model !== 'string' || json.model === '') return missingParameter('model');
  const messages = json.messages;
  if (messages === undefined) return missingParameter('messages');
  if (!Array.isArray(messages)) {
    return invalidValue('messages', "Invalid type for 'messages': expected an array.", 'invalid_type');
  }
  if (messages.length === 0) {
    return invalidValue(
      'messages',
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'empty_array',
    );
  }
  for (const [i, message] of messages.entries()) {
    const problem = checkMessage(message, i);
    if (problem) return problem;
  }
  if (json.stream !== undefined && typeof json.stream !== 'boolean') {
    return invalidValue('stream', "Invalid type for 'stream': expected a boolean.", 'invalid_type');
  }
  if (json.stream_options !== undefined && json.stream_options !== null && json.stream !== true) {
    return invalidValue(
      'stream_options',
      "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
    );
  }
  const wanted = chatJsonRequest(json);
  if (wanted.problem) return wanted.problem;
  const routing =
    checkModel(state.models, json.model, 'openai') ??
    strictSchemaProblem(state.models, json.model, wanted, 'chat');
  if (routing) return routing;

  let lastUserText = '';
  let allText = '';
  for (const message of messages as Array<Record<string, unknown>>) {
    const text = textOfParts(message.content);
    allText += text;
    if (message.role === 'user') lastUserText = text;
  }
  return {
    request: json,
    model: json.model,
    lastUserText,
    allText,
    ...(wanted.schema ? { schema: wanted.schema } : {}),
  };
}

function finishReasonOf(reply: ChatReply): 'stop' | 'length' | 'content_filter' | 'tool_calls' {
  if (reply.incomplete === 'max_output_tokens') return 'length';
  if (reply.incomplete === 'content_filter') return 'content_filter';
  return reply.toolCall ? 'tool_calls' : 'stop';
}

export const createChatCompletion: Handler = async (ex, state, body) => {
  const read = readRequest(state, body.json);
  if ('status' in read) return ex.sendError(read);
  const { request, model } = read;
  const reply = replyFor(state.replies.chat, read.lastUserText, read.schema);
  const effort = request.reasoning_effort;
  const reasoning = reasoningOf(reply, typeof effort === 'string' && effort !== 'none');
  const finishReason = finishReasonOf(reply);
  let text = reply.text;
  if (finishReason === 'length') text = cutShort(text);
  if (finishReason === 'content_filter') text = '';
  const toolCall =
    finishReason === 'tool_calls' && reply.toolCall
      ? {
          id: `call_${randomBytes(12).toString('hex')}`,
          type: 'function',
          function: { name: reply.toolCall.name, arguments: reply.toolCall.arguments },
        }
      : undefined;

  const id = `chatcmpl-${randomBytes(15).toString('base64url')}`;
  const created = Math.floor(Date.now() / 1000);
  const promptTokens = tokens(read.allText) + 3;
  const reasoningTokens = tokens(reasoning);
  const completionTokens =
    tokens(text) + reasoningTokens + (toolCall ? tokens(toolCall.function.arguments) + 4 : 0);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: reasoningTokens },
  };
  const envelope = (object: 'chat.completion' | 'chat.completion.chunk') => ({
    id,
    object,
    created,
    model,
    system_fingerprint: null,
  });

  if (request.stream !== true) {
    if (ex.fault?.kind === 'error-event') {
      return ex.sendError({
        status: 500,
        message: ex.fault.message ?? 'upstream error',
        type: 'server_error',
        code: 'internal_error',
      });
    }
    const message = {
      role: 'assistant',
      // OpenAI sends null content beside tool calls when the model said nothing.
      content: toolCall && text === '' ? null : text,
      ...(reasoning ? { reasoning_content: reasoning } : {}),
      ...(toolCall ? { tool_calls: [toolCall] } : {}),
      refusal: null,
    };
    return ex.sendJson(200, {
      ...envelope('chat.completion'),
      choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
      usage,
    });
  }

  const includeUsage = isRecord(request.stream_options) && request.stream_options.include_usage === true;
  // With include_usage OpenAI sends `usage: null` on every chunk before the usage chunk.
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    data: {
      ...envelope('chat.completion.chunk'),
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
    },
  });
  const sse = new SseWriter(ex, {
    // new-api may ping an idle stream with an SSE comment; clients must skip it.
    keepAliveAfter: (n) => n === 3,
    errorEvents: (message) => [
      { data: { error: { message, type: 'server_error', param: null, code: 'internal_error' } } },
    ],
  });
  sse.open();
  await sse.send(chunk({ role: 'assistant', content: '' }));
  // DeepSeek (and new-api passing it on) sends `content: null` beside each reasoning piece.
  for (const piece of chunks(reasoning, reply.chunkSize ?? 8)) {
    await sse.send(chunk({ content: null, reasoning_content: piece }));
  }
  for (const piece of chunks(text, reply.chunkSize ?? 8)) await sse.send(chunk({ content: piece }));
  if (toolCall) {
    const { arguments: args, name } = toolCall.function;
    const call = { index: 0, id: toolCall.id, type: 'function', function: { name, arguments: '' } };
    await sse.send(chunk({ tool_calls: [call] }));
    for (const piece of chunks(args, reply.chunkSize ?? 8)) {
      await sse.send(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
    }
  }
  // Some upstreams send an empty content chunk before the finish; clients must not treat it as the end.
  await sse.send(chunk({ content: '' }));
  await sse.send(chunk({}, finishReason));
  if (includeUsage) {
    await sse.send({ data: { ...envelope('chat.completion.chunk'), choices: [], usage } });
  }
  await sse.send({ data: '[DONE]', terminal: true });
  sse.end();
};
