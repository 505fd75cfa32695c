// Child process for the split bench: splits one file and prints one JSON line with the time it took and the
// process's peak RSS, so the number is the splitter's own and not the bench runner's.
import { splitAudio } from '../../src-main/services/audio-split/index.ts';

const [file, outDir, maxBytes, maxSeconds] = process.argv.slice(2);
const started = performance.now();
const result = await splitAudio(file!, {
  limits: { maxBytes: Number(maxBytes), maxSeconds: Number(maxSeconds) },
  outDir: outDir!,
});
const seconds = (performance.now() - started) / 1000;
// maxRSS is in kilobytes (Node docs, process.resourceUsage()).
const peakRss = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ seconds, peakRss, result }));
