// A child-process gateway for the first-token benchmark: `/v1/responses` answers at once with
// `response.created`, then waits `argv[2]` ms (the model "thinking") before the first text delta, sends
// more deltas at a model's pace and `response.completed`. `/v1/chat/completions` does the same in its own
// format: a role-only chunk at once, the content chunks, then the finish chunk, the usage chunk and `[DONE]`. The reply lasts several batch intervals past
// its first token, so the end of the stream (which main sends at once) cannot hide a first token that
// waited for a batch timer. The model listings answer too, since the app asks for them.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const FIRST_TOKEN_DELAY_MS = Number(process.argv[2] ?? 40);
const DELTAS = ['Hello', ',', ' this', ' is', ' the', ' first', ' token', ' and', ' some', ' more', '.'];
const DELTA_INTERVAL_MS = 10;

function sse(res: ServerResponse, type: string, payload: Record<string, unknown>, sequence: number): void {
  res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence, ...payload })}\n\n`);
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const response = (status: string) => ({
  id: 'resp_first_token',
  object: 'response',
  status,
  model: 'bench',
  output: [],
  usage:
    status === 'completed'
      ? { input_tokens: 1, output_tokens: DELTAS.length, total_tokens: 1 + DELTAS.length }
      : null,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chatChunk(res: ServerResponse, fields: Record<string, unknown>): void {
  const chunk = { id: 'chatcmpl-first-token', object: 'chat.completion.chunk', model: 'bench', ...fields };
  res.write(`data: ${JSON.stringify(chunk)}\n\n`);
}

async function chatStream(res: ServerResponse): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  chatChunk(res, { choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  await sleep(FIRST_TOKEN_DELAY_MS);
  for (const delta of DELTAS) {
    if (res.destroyed) return;
    chatChunk(res, { choices: [{ index: 0, delta: { content: delta }, finish_reason: null }] });
    await sleep(DELTA_INTERVAL_MS);
  }
  chatChunk(res, { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  const usage = { prompt_tokens: 1, completion_tokens: DELTAS.length, total_tokens: 1 + DELTAS.length };
  chatChunk(res, { choices: [], usage });
  res.end('data: [DONE]\n\n');
}

const server = createServer((req, res) => {
  req.resume();
  req.on('end', async () => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models')
      return json(res, { object: 'list', data: [{ id: 'bench', object: 'model', owned_by: 'bench' }] });
    if (req.method === 'GET' && path === '/v1beta/models')
      return json(res, { models: [{ name: 'models/bench', displayName: 'Bench' }] });
    if (req.method === 'POST' && path === '/v1/chat/completions') return chatStream(res);
    if (req.method !== 'POST' || path !== '/v1/responses') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let sequence = 0;
    sse(res, 'response.created', { response: response('in_progress') }, sequence++);
    await sleep(FIRST_TOKEN_DELAY_MS);
    for (const delta of DELTAS) {
      if (res.destroyed) return;
      sse(
        res,
        'response.output_text.delta',
        { item_id: 'msg_ft', output_index: 0, content_index: 0, delta },
        sequence++,
      );
      await sleep(DELTA_INTERVAL_MS);
    }
    sse(res, 'response.completed', { response: response('completed') }, sequence++);
    res.end();
  });
});

server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
