// A child-process SSE server for the stream benchmark: answers any request with `argv[2]` text deltas as
// fast as the socket takes them, one write per event (as gateways flush), then the end of the answer. The
// format is `argv[3]`: `responses` (Responses events, then `response.completed`) or `chat` (Chat
// Completions chunks, then the finish chunk, the usage chunk and `[DONE]`, as WIRE.md part 2 describes).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const deltaText = (index: number): string => (index % 7 === 0 ? ' café ' : ' word');

function responsesDelta(index: number): string {
  const data = {
    type: 'response.output_text.delta',
    sequence_number: index,
    item_id: 'msg_bench',
    output_index: 0,
    content_index: 0,
    delta: deltaText(index),
  };
  return `event: response.output_text.delta\ndata: ${JSON.stringify(data)}\n\n`;
}

const responsesEnd = `event: response.completed\ndata: ${JSON.stringify({
  type: 'response.completed',
  response: {
    id: 'resp_bench',
    status: 'completed',
    usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
  },
})}\n\n`;

const chatChunk = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'bench',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;

const chatDelta = (index: number): string => chatChunk({ content: deltaText(index) });

const chatEnd =
  chatChunk({}, 'stop') +
  `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    choices: [],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  })}\n\n` +
  'data: [DONE]\n\n';

const chat = process.argv[3] === 'chat';
const deltaEvent = chat ? chatDelta : responsesDelta;
const end = chat ? chatEnd : responsesEnd;

const server = createServer((req, res) => {
  const events = Number(process.argv[2] ?? 50_000);
  req.resume();
  req.on('end', async () => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (chat) res.write(chatChunk({ role: 'assistant', content: '' }));
    for (let i = 0; i < events; i++) {
      if (!res.write(deltaEvent(i))) await new Promise((resolve) => res.once('drain', resolve));
      if (res.destroyed) return;
    }
    res.end(end);
  });
});

server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
