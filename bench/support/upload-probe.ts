// Uploads one file through the gateway client in a fresh process and reports its peak RSS growth,
// so nothing else the bench did is counted. Args: <file> <baseUrl>. Prints one JSON line.
import { createAppFetch } from '../../src-main/app-fetch.ts';
import { createGatewayClient } from '../../src-main/gateway/index.ts';

const [file, baseUrl] = process.argv.slice(2);
if (!file || !baseUrl) throw new Error('usage: upload-probe <file> <baseUrl>');

// The fetch the app runs in main: its memory behaviour is what matters.
const client = createGatewayClient({ baseUrl, apiKey: 'sk-bench', fetch: createAppFetch() });
globalThis.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
let sent = 0;
let total = 0;
const started = performance.now();
const transcript = await client.transcribe(
  { path: file },
  { model: 'whisper-1' },
  {
    onUploadProgress: (s, t) => {
      sent = s;
      total = t;
      peak = Math.max(peak, process.memoryUsage().rss);
    },
  },
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(
  JSON.stringify({ baseline, peak, growth: peak - baseline, sent, total, seconds, text: transcript.text }),
);
