// `npm run fake-gateway`: the fake gateway on a fixed port, to try the app by hand without a real key.
//   npm run fake-gateway -- --port 9000 --key sk-my-key --delay 20
import { parseArgs } from 'node:util';
import { startFakeGateway } from './server.ts';
import type { RecordedRequest } from './types.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    key: { type: 'string' },
    header: { type: 'string' },
    delay: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(`Usage: npm run fake-gateway -- [--port 8787] [--key sk-fake-gateway-studio] [--header x-vendor-api-key] [--delay 30]
  --port    port on 127.0.0.1 (or PORT=…); default 8787
  --key     the API key the gateway accepts; default sk-fake-gateway-studio
  --header  header carrying the key on /v1beta calls; default x-vendor-api-key
  --delay   milliseconds between streamed events; default 30 (slow enough to watch)`);
  process.exit(0);
}

function logLine(r: RecordedRequest): void {
  const time = new Date(r.receivedAt).toISOString().slice(11, 23);
  const took = r.finishedAt ? `${r.finishedAt - r.receivedAt} ms` : '';
  const model =
    (r.json && typeof r.json === 'object' && 'model' in r.json ? String(r.json.model) : undefined) ??
    (typeof r.multipart?.fields.model === 'string' ? r.multipart.fields.model : undefined);
  const file = r.multipart?.files[0];
  const details = [
    model ? `model=${model}` : '',
    file ? `file=${file.filename} (${file.size} B)` : '',
    r.closedByClient ? 'closed by client' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const query = Object.keys(r.query).length > 0 ? `?${new URLSearchParams(r.query)}` : '';
  console.log(
    `${time} ${r.method.padEnd(4)} ${r.path}${query} → ${r.status ?? '---'} ${took} ${details}`.trimEnd(),
  );
}

const port = Number(values.port ?? process.env.PORT ?? 8787);
const gateway = await startFakeGateway({
  port,
  apiKey: values.key ?? 'sk-fake-gateway-studio',
  vendorKeyHeader: values.header ?? 'x-vendor-api-key',
  eventDelayMs: Number(values.delay ?? 30),
  onRequestDone: logLine,
}).catch((error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is in use. Try: npm run fake-gateway -- --port ${port + 1}`
      : `Could not start: ${error.message}`,
  );
  process.exit(1);
});

console.log(`
Fake gateway running.

  Base URL   ${gateway.baseUrl}
  API key    ${gateway.apiKey}
  /v1beta    key in the ${gateway.vendorKeyHeader} header
  Chat       /v1/responses, /v1/chat/completions, /v1beta/models/{model}:generateContent —
             each model answers only the formats its supported_endpoint_types list (GET /v1/models)

In Gateway Studio open Settings, add a profile, and enter the base URL and key above
(keep the vendor key header at ${gateway.vendorKeyHeader}). Press Ctrl+C to stop.
Every request is logged below.
`);

let stopping = false;
function stop(): void {
  if (stopping) process.exit(1);
  stopping = true;
  console.log('\nStopping…');
  void gateway.close().then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
