// (b) Upload memory: peak RSS growth of a process that uploads a 200 MB file through the client to a
// local sink (both in child processes, so only the upload is counted). Target: ≤ 64 MB.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChild, startChild } from '../support/child.ts';
import type { BenchSection } from '../types.ts';

const FILE_MB = 200;

interface ProbeResult {
  baseline: number;
  peak: number;
  growth: number;
  sent: number;
  total: number;
  seconds: number;
  text: string;
}

/** Writes a WAV-headed file of `megabytes` without holding it in memory. */
async function writeLargeAudio(path: string, megabytes: number): Promise<void> {
  const out = createWriteStream(path);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.write('WAVE', 8, 'ascii');
  out.write(header);
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = (i * 31) & 0xff;
  for (let i = 0; i < megabytes; i++) {
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const section: BenchSection = {
  name: 'upload-memory',
  description: `peak RSS growth while uploading a ${FILE_MB} MB file from disk`,
  async run() {
    const dir = await mkdtemp(join(tmpdir(), 'gs-bench-'));
    const sink = await startChild('sink-server.ts');
    try {
      const file = join(dir, 'long-recording.wav');
      await writeLargeAudio(file, FILE_MB);
      const result = await runChild<ProbeResult>('upload-probe.ts', [file, sink.firstLine], ['--expose-gc']);
      if (result.sent !== result.total)
        throw new Error(`upload incomplete: ${result.sent} of ${result.total} bytes`);
      const mb = (bytes: number): number => bytes / (1024 * 1024);
      return [
        {
          metric: 'peak RSS growth',
          value: mb(result.growth),
          unit: 'MB',
          target: { op: '<=', limit: 64 },
          detail: `baseline ${mb(result.baseline).toFixed(0)} MB, peak ${mb(result.peak).toFixed(0)} MB; sink: ${result.text}`,
        },
        { metric: 'upload throughput', value: mb(result.total) / result.seconds, unit: 'MB/s' },
      ];
    } finally {
      await sink.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export default section;
