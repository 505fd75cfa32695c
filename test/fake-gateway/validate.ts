// Checks shared by the endpoints: the model exists for this key and speaks the endpoint's format.
import type { EndpointType } from './catalogue.ts';
import type { OpenAIError } from './errors.ts';
import type { FakeModel } from './types.ts';

export function missingParameter(name: string): OpenAIError {
  return {
    status: 400,
    message: `Missing required parameter: '${name}'.`,
    type: 'invalid_request_error',
    param: name,
    code: 'missing_required_parameter',
  };
}

export function invalidValue(param: string, message: string, code = 'invalid_value'): OpenAIError {
  return { status: 400, message, type: 'invalid_request_error', param, code };
}

/**
 * new-api's routing, the one rule for every endpoint: 503 when no channel has the model; when its channel
 * cannot speak the endpoint's format (its `endpointTypes` lack it, whatever other types it lists), 500
 * `convert_request_failed` "not implemented" (WIRE.md Part 2 "Chat Completions", Part 3) — or, for
 * compaction, the 400 new-api gives a channel without it.
 */
export function checkModel(models: FakeModel[], model: string, needs: EndpointType): OpenAIError | null {
  const found = models.find((m) => m.id === model);
  if (!found) {
    return {
      status: 503,
      message: `No available channel for model ${model} under group default (distributor)`,
      type: 'new_api_error',
      code: 'model_not_found',
    };
  }
  if (found.endpointTypes.includes(needs)) return null;
  if (needs === 'openai-response-compact') {
    return {
      status: 400,
      message: `The compact endpoint is not supported by the channel of model ${model}`,
      type: 'invalid_request_error',
      code: 'invalid_request',
    };
  }
  return { status: 500, message: 'not implemented', type: 'new_api_error', code: 'convert_request_failed' };
}
