// A child-process SSE server for the stream benchmark: answers any request with `argv[2]` text
// deltas as fast as the socket takes them, one write per event (as gateways flush), then the terminal event.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

function deltaEvent(index: number): string {
  const data = {
    type: 'response.output_text.delta',
    sequence_number: index,
    item_id: 'msg_bench',
    output_index: 0,
    content_index: 0,
    delta: index % 7 === 0 ? ' café ' : ' word',
  };
  return `event: response.output_text.delta\ndata: ${JSON.stringify(data)}\n\n`;
}

const completed = `event: response.completed\ndata: ${JSON.stringify({
  type: 'response.completed',
  response: {
    id: 'resp_bench',
    status: 'completed',
    usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
  },
})}\n\n`;

const server = createServer((req, res) => {
  const events = Number(process.argv[2] ?? 50_000);
  req.resume();
  req.on('end', async () => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let i = 0; i < events; i++) {
      if (!res.write(deltaEvent(i))) await new Promise((resolve) => res.once('drain', resolve));
      if (res.destroyed) return;
    }
    res.end(completed);
  });
});

server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
