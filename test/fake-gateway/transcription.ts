// POST /v1/audio/transcriptions and /v1/audio/translations (multipart), including streamed transcription.
import { audioDuration } from './audio.ts';
import { SseWriter } from './sse.ts';
import type { Handler } from './state.ts';
import {
  buildTranscript,
  buildTranscriptFromSound,
  diarizedJson,
  srt,
  verboseJson,
  vtt,
} from './transcript.ts';
import { checkModel, invalidValue, missingParameter } from './validate.ts';

const FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json', 'diarized_json'];
const EXTENSIONS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];
const JSON_ONLY_MODELS = ['gpt-4o-transcribe', 'gpt-4o-mini-transcribe'];

function field(fields: Record<string, string | string[]>, name: string): string | undefined {
  const value = fields[name];
  return Array.isArray(value) ? value[0] : value;
}

function list(fields: Record<string, string | string[]>, name: string): string[] {
  const value = fields[`${name}[]`] ?? fields[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function audioHandler(task: 'transcribe' | 'translate'): Handler {
  return async (ex, state, body) => {
    const parts = body.multipart!;
    const file = parts.files.find((f) => f.field === 'file');
    const model = field(parts.fields, 'model');
    if (!file) return ex.sendError(missingParameter('file'));
    // A PCM WAV's length is what its samples add up to; other files are guessed from their size.
    const duration = file.sound?.durationSec ?? audioDuration(file.head, file.size, file.filename);
    ex.record.upload = {
      filename: file.filename,
      size: file.size,
      durationSec: duration,
      prompt: field(parts.fields, 'prompt') ?? null,
      stream: field(parts.fields, 'stream') === 'true',
    };
    if (!model) return ex.sendError(missingParameter('model'));
    const modelProblem = checkModel(state.models, model, 'openai');
    if (modelProblem) return ex.sendError(modelProblem);

    const extension = file.filename.toLowerCase().split('.').pop() ?? '';
    if (!file.filename.includes('.') || !EXTENSIONS.includes(extension)) {
      return ex.sendError(
        invalidValue(
          'file',
          `Invalid file format. Supported formats: ${JSON.stringify(EXTENSIONS).replaceAll('"', "'")}`,
        ),
      );
    }
    if (file.size === 0) {
      return ex.sendError(
        invalidValue(
          'file',
          'Audio file is too short. Minimum audio length is 0.1 seconds.',
          'audio_too_short',
        ),
      );
    }
    const format = field(parts.fields, 'response_format') ?? 'json';
    if (!FORMATS.includes(format)) {
      return ex.sendError(
        invalidValue(
          'response_format',
          `Invalid value: '${format}'. Supported values are: ${FORMATS.join(', ')}.`,
        ),
      );
    }
    if (JSON_ONLY_MODELS.includes(model) && format !== 'json') {
      return ex.sendError(
        invalidValue(
          'response_format',
          `response_format '${format}' is not compatible with model '${model}'. Use 'json' instead.`,
          'unsupported_value',
        ),
      );
    }
    if (format === 'diarized_json' && !model.includes('diarize')) {
      return ex.sendError(
        invalidValue(
          'response_format',
          `response_format 'diarized_json' is not compatible with model '${model}'.`,
          'unsupported_value',
        ),
      );
    }
    const granularities = list(parts.fields, 'timestamp_granularities');
    if (granularities.length > 0 && format !== 'verbose_json') {
      return ex.sendError(
        invalidValue(
          'timestamp_granularities',
          "timestamp_granularities is only supported with response_format 'verbose_json'.",
        ),
      );
    }
    const stream = field(parts.fields, 'stream') === 'true';
    if (stream && (model === 'whisper-1' || task === 'translate')) {
      return ex.sendError(
        invalidValue('stream', `Streaming is not supported for the ${model} model.`, 'unsupported_value'),
      );
    }

    // "Required when using gpt-4o-transcribe-diarize for inputs longer than 30 seconds" (OpenAI's
    // transcription reference, `chunking_strategy`).
    if (
      model.includes('diarize') &&
      duration > 30 &&
      field(parts.fields, 'chunking_strategy') === undefined
    ) {
      return ex.sendError(
        invalidValue(
          'chunking_strategy',
          'chunking_strategy is required for diarization models when the input is longer than 30 seconds.',
          'missing_required_parameter',
        ),
      );
    }
    const language = task === 'translate' ? 'en' : field(parts.fields, 'language');
    // Translations always answer in English, whatever the test set as the transcript.
    const spec =
      task === 'translate'
        ? state.transcript
          ? { ...state.transcript, language: 'english' }
          : null
        : state.transcript;
    const transcript = file.sound
      ? buildTranscriptFromSound(file.sound, spec, language)
      : buildTranscript(duration, spec, language);
    const usage = { type: 'duration', seconds: Math.ceil(transcript.duration) };

    if (stream) {
      const sse = new SseWriter(ex, {
        errorEvents: (message) => [{ data: { type: 'error', error: { message, type: 'server_error' } } }],
      });
      sse.open();
      // One delta per segment (per stretch of sound, for a mapped WAV), paced by the event delay; the final
      // text is exactly the deltas joined, as upstream's `transcript.text.done` is.
      const deltas = transcript.segments.map((segment, i) => `${i === 0 ? '' : ' '}${segment.text}`);
      for (const delta of deltas) {
        await sse.send({ data: { type: 'transcript.text.delta', delta } });
      }
      await sse.send({
        data: { type: 'transcript.text.done', text: deltas.join(''), usage },
        terminal: true,
      });
      sse.end();
      return;
    }
    if (ex.fault?.kind === 'error-event') {
      // A 200 that carries an error: alone (a relay passing on an upstream error with its own status), or
      // after the transcript (a relay that had started copying the answer, then met the error).
      const error = JSON.stringify({
        error: {
          message: ex.fault.message ?? 'upstream error: transcription failed',
          type: 'server_error',
          code: 'upstream_error',
        },
      });
      if (ex.fault.afterEvents === 0) {
        return ex.send(200, { 'content-type': 'application/json' }, error);
      }
      const jsonFormat = format === 'json' || format === 'verbose_json' || format === 'diarized_json';
      const first = jsonFormat
        ? JSON.stringify(
            format === 'verbose_json'
              ? { ...verboseJson(transcript, task, granularities), usage }
              : { text: transcript.text, usage },
          )
        : format === 'srt'
          ? srt(transcript)
          : format === 'vtt'
            ? vtt(transcript)
            : transcript.text;
      const type = jsonFormat ? 'application/json' : 'text/plain; charset=utf-8';
      return ex.send(200, { 'content-type': type }, `${first}\n${error}`);
    }
    switch (format) {
      case 'text':
        return ex.send(200, { 'content-type': 'text/plain; charset=utf-8' }, `${transcript.text}\n`);
      case 'srt':
        return ex.send(200, { 'content-type': 'text/plain; charset=utf-8' }, srt(transcript));
      case 'vtt':
        return ex.send(200, { 'content-type': 'text/vtt; charset=utf-8' }, vtt(transcript));
      case 'verbose_json':
        return ex.sendJson(200, { ...verboseJson(transcript, task, granularities), usage });
      case 'diarized_json':
        return ex.sendJson(200, { ...diarizedJson(transcript), usage });
      default:
        return ex.sendJson(200, { text: transcript.text, usage });
    }
  };
}

export const transcribe = audioHandler('transcribe');
export const translate = audioHandler('translate');
