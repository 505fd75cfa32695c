// A child-process gateway for the streaming benches: answers POST /v1/responses with a long markdown reply
// (`argv[4]`: `mixed`, the default, or `blocks`: bench/support/markdown-reply.ts) as Responses SSE, paced at
// `argv[2]` text deltas per second (of `argv[3]` characters each), the way a fast model streams. Everything
// else gets a 404 (the app copes: its model list just stays empty).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deltasOf, longBlocksReply, longMarkdownReply } from './markdown-reply.ts';

const rate = Number(process.argv[2] ?? 2500);
const size = Number(process.argv[3] ?? 12);
const text = process.argv[4] === 'blocks' ? longBlocksReply() : longMarkdownReply();
const deltas = deltasOf(text, size);

const sse = (type: string, fields: Record<string, unknown>): string =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;

function response(status: string, withOutput: boolean): Record<string, unknown> {
  return {
    id: 'resp_long_bench',
    object: 'response',
    status,
    model: 'bench',
    output: withOutput
      ? [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] }]
      : [],
    usage: withOutput
      ? { input_tokens: 12, output_tokens: Math.ceil(text.length / 4), total_tokens: 0 }
      : null,
  };
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || !req.url?.startsWith('/v1/responses')) {
    req.resume();
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'Not here.', type: 'invalid_request_error' } }));
    return;
  }
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(sse('response.created', { response: response('in_progress', false) }));
    const base = { item_id: 'msg_bench', output_index: 0, content_index: 0 };
    const started = performance.now();
    let sent = 0;
    // Every tick sends the deltas whose time has come, so the average rate is exact whatever the timer does.
    const tick = () => {
      if (res.destroyed) return;
      const due = Math.min(deltas.length, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      let chunk = '';
      for (; sent < due; sent++) {
        chunk += sse('response.output_text.delta', {
          ...base,
          sequence_number: sent + 1,
          delta: deltas[sent],
        });
      }
      if (chunk) res.write(chunk);
      if (sent < deltas.length) setTimeout(tick, 2);
      else res.end(sse('response.completed', { response: response('completed', true) }));
    };
    tick();
  });
});

server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
