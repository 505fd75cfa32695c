// POST /v1/audio/speech: JSON in, audio bytes out (or SSE with base64 audio when stream_format is sse).
import { encodeSpeech, SPEECH_CONTENT_TYPES, synthesizeSpeech } from './audio.ts';
import { tokens } from './chat.ts';
import { SseWriter } from './sse.ts';
import { type Handler, isRecord } from './state.ts';
import { checkModel, invalidValue, missingParameter } from './validate.ts';

const MAX_INPUT_CHARACTERS = 4096;

export const speak: Handler = async (ex, state, body) => {
  const request = body.json;
  if (!isRecord(request))
    return ex.sendError(invalidValue('body', 'The request body must be a JSON object.', 'invalid_json'));
  if (typeof request.model !== 'string' || !request.model) return ex.sendError(missingParameter('model'));
  if (typeof request.input !== 'string') return ex.sendError(missingParameter('input'));
  if (typeof request.voice !== 'string' || !request.voice) return ex.sendError(missingParameter('voice'));
  const modelProblem = checkModel(state.models, request.model, 'openai');
  if (modelProblem) return ex.sendError(modelProblem);
  const length = [...request.input].length;
  if (length > MAX_INPUT_CHARACTERS) {
    return ex.sendError(
      invalidValue(
        'input',
        `[{'type': 'string_too_long', 'loc': ('body', 'input'), 'msg': 'String should have at most ${MAX_INPUT_CHARACTERS} characters', 'input': '…', 'ctx': {'max_length': ${MAX_INPUT_CHARACTERS}}}] (got ${length} characters)`,
        'string_too_long',
      ),
    );
  }
  if (length === 0)
    return ex.sendError(invalidValue('input', "Invalid 'input': empty string.", 'empty_string'));
  const format = request.response_format === undefined ? 'mp3' : String(request.response_format);
  const contentType = SPEECH_CONTENT_TYPES[format];
  if (!contentType) {
    return ex.sendError(
      invalidValue(
        'response_format',
        `Invalid value: '${format}'. Supported values are: ${Object.keys(SPEECH_CONTENT_TYPES).join(', ')}.`,
      ),
    );
  }
  const speed = request.speed === undefined ? 1 : Number(request.speed);
  if (!Number.isFinite(speed) || speed < 0.25 || speed > 4) {
    return ex.sendError(
      invalidValue(
        'speed',
        `Invalid 'speed': ${String(request.speed)}. Expected a value between 0.25 and 4.0.`,
      ),
    );
  }
  const classic = request.model.startsWith('tts-1');
  if (request.stream_format === 'sse' && classic) {
    return ex.sendError(
      invalidValue(
        'stream_format',
        `stream_format 'sse' is not supported for model '${request.model}'.`,
        'unsupported_value',
      ),
    );
  }

  const audio = encodeSpeech(synthesizeSpeech(request.input, speed), format);
  if (request.stream_format === 'sse') {
    const sse = new SseWriter(ex, {
      errorEvents: (message) => [{ data: { type: 'error', error: { message, type: 'server_error' } } }],
    });
    sse.open();
    const piece = 24_000;
    for (let offset = 0; offset < audio.length; offset += piece) {
      await sse.send({
        data: {
          type: 'speech.audio.delta',
          audio: audio.subarray(offset, offset + piece).toString('base64'),
        },
      });
    }
    const inputTokens = tokens(request.input);
    const outputTokens = Math.ceil(audio.length / 100);
    await sse.send({
      data: {
        type: 'speech.audio.done',
        usage: {
          input_tokens: inputTokens,
          output_tokens: outputTokens,
          total_tokens: inputTokens + outputTokens,
        },
      },
      terminal: true,
    });
    sse.end();
    return;
  }
  await ex.sendPieces(200, { 'content-type': contentType }, audio, 32 * 1024);
};
