// Error bodies in the shapes real gateways use (WIRE.md part 3). new-api answers every family, /v1beta
// included, in the OpenAI shape, so the server's own errors use it; the Gemini shape comes only from faults.

export interface OpenAIError {
  status: number;
  message: string;
  type?: string;
  param?: string | null;
  code?: string | number | null;
}

let requestCounter = 0;

/** A new-api-looking request id: a timestamp followed by a few characters. */
export function newRequestId(): string {
  requestCounter += 1;
  const stamp = new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 17);
  return `${stamp}${String(requestCounter).padStart(6, '0')}fake`;
}

export function openaiErrorBody(error: OpenAIError, requestId?: string): string {
  const message = requestId ? `${error.message} (request id: ${requestId})` : error.message;
  return JSON.stringify({
    error: {
      message,
      type: error.type ?? defaultType(error.status),
      param: error.param ?? null,
      code: error.code ?? null,
    },
  });
}

/** Google's error shape; `details` are `google.rpc.*` messages, each tagged with its `@type`. */
export function geminiErrorBody(
  status: number,
  message: string,
  statusName?: string,
  details?: unknown[],
): string {
  const error: Record<string, unknown> = {
    code: status,
    message,
    status: statusName ?? googleStatus(status),
  };
  if (details && details.length > 0) error.details = details;
  return JSON.stringify({ error });
}

/** What Google puts in `details` of a rate-limit 429: the quota that ran out, and when to retry. */
export function geminiQuotaDetails(retryDelay: string): unknown[] {
  return [
    {
      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
      violations: [
        {
          quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
          quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
          quotaDimensions: { location: 'global', model: 'gemini-2.5-flash' },
          quotaValue: '10',
        },
      ],
    },
    {
      '@type': 'type.googleapis.com/google.rpc.Help',
      links: [
        {
          description: 'Learn more about Gemini API quotas',
          url: 'https://ai.google.dev/gemini-api/docs/rate-limits',
        },
      ],
    },
    { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay },
  ];
}

/** The kind of page a reverse proxy in front of a gateway answers with. */
export function htmlErrorPage(status: number, message?: string): string {
  const title = `${status} ${message ?? reasonPhrase(status)}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/**
 * Cloudflare's own error page, as it answers when the origin (the gateway) accepted the connection but sent
 * no answer within its 100 s limit (524). The origin may still be working on the request.
 */
export function cloudflareErrorPage(status: number, host = 'gateway.example'): string {
  const title = `${host} | ${status}: ${reasonPhrase(status)}`;
  return `<!DOCTYPE html>\n<html lang="en-US">\n<head><title>${title}</title></head>\n<body>\n<div id="cf-wrapper"><h1><span class="inline-block">${reasonPhrase(status)}</span> <span class="code-label">Error code ${status}</span></h1>\n<p>The origin web server timed out responding to this request.</p></div>\n</body>\n</html>\n`;
}

function defaultType(status: number): string {
  if (status === 401 || status === 403) return 'new_api_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'new_api_error';
  return 'invalid_request_error';
}

export function googleStatus(status: number): string {
  const names: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    413: 'INVALID_ARGUMENT',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    501: 'UNIMPLEMENTED',
    503: 'UNAVAILABLE',
    504: 'DEADLINE_EXCEEDED',
  };
  return names[status] ?? 'UNKNOWN';
}

export function reasonPhrase(status: number): string {
  const phrases: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    408: 'Request Timeout',
    409: 'Conflict',
    413: 'Request Entity Too Large',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    501: 'Not Implemented',
    502: 'Bad Gateway',
    503: 'Service Temporarily Unavailable',
    504: 'Gateway Time-out',
    524: 'A timeout occurred',
  };
  return phrases[status] ?? 'Error';
}
