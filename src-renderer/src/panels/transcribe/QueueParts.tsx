// A long recording's parts in its queue row: one line of where it stands ("Part 3 of 12 · 41 %"), a strip
// with a cell per part, the failed parts with their reason and a Retry each, and the live transcript of
// the parts being sent.
import { RotateCcw } from 'lucide-react';
import type { TranscriptPartPlan } from '../../../../src-preload/contract.ts';
import { retryQueuePart } from '../../actions/transcribe-queue.ts';
import { Button } from '../../components/Button.tsx';
import { formatClock } from '../../i18n/format.ts';
import type { JobProgress } from '../../store/streams.ts';
import { useStreamStore } from '../../store/streams.ts';
import { isRunning, type QueueItem } from '../../store/transcribe-queue.ts';
import { transcribeWords } from './strings.ts';

const { t: translate } = transcribeWords;

const PART_STATUS_KEYS = {
  pending: 'parts.statusPending',
  sending: 'parts.statusSending',
  done: 'parts.statusDone',
  failed: 'parts.statusFailed',
} as const satisfies Record<TranscriptPartPlan['status'], Parameters<typeof translate>[0]>;

/** How much of the live transcript a row shows: its end, where the new words arrive. */
const LIVE_TAIL_CHARS = 280;

const EMPTY_JOB: JobProgress | null = null;

/** The running item's job as its stream reports it (uploads and live text are not copied into the queue). */
export function useJobProgress(item: QueueItem): JobProgress | null {
  return useStreamStore((s) => (item.streamId ? (s.streams[item.streamId]?.job ?? EMPTY_JOB) : EMPTY_JOB));
}

/** The live transcript of a running item that is not in parts (a model that streams its text). */
export function useLiveText(item: QueueItem): string {
  return useStreamStore((s) => (item.streamId ? (s.streams[item.streamId]?.text ?? '') : ''));
}

const percentOf = (upload: { sent: number; total: number } | undefined) =>
  upload && upload.total > 0 ? Math.min(100, Math.floor((upload.sent / upload.total) * 100)) : 0;

const partRange = (part: TranscriptPartPlan) => `${formatClock(part.startSec)}–${formatClock(part.endSec)}`;

/** One line for a long recording's row: cutting, sending a part, paused or failed with how many done. */
export function partsStatusText(item: QueueItem, job: JobProgress | null): string | null {
  if (item.split && item.parts === null) {
    const { doneSec, totalSec } = item.split;
    return translate('parts.cutting', {
      percent: totalSec > 0 ? Math.floor((doneSec / totalSec) * 100) : 0,
    });
  }
  const parts = job?.parts ?? item.parts;
  // No parts yet: a job stopped while it was being cut reads like any other item.
  if (!parts || parts.length === 0) return null;
  const total = parts.length;
  const done = parts.filter((part) => part.status === 'done').length;
  if (isRunning(item.status)) {
    const sending = parts.find((part) => part.status === 'sending');
    if (!sending) return translate('parts.done', { done, total });
    const upload = job?.uploads[sending.index];
    const sent = upload && upload.total > 0 && upload.sent >= upload.total;
    const part = sending.index + 1;
    return sent
      ? translate('parts.transcribing', { part, total })
      : translate('parts.sending', { part, total, percent: percentOf(upload) });
  }
  if (item.status === 'paused') return translate('parts.paused', { done, total });
  if (item.status === 'cancelled') return translate('parts.stopped', { done, total });
  if (item.status === 'failed') {
    const failed = parts.filter((part) => part.status === 'failed').length;
    return translate('parts.failed', { failed, total });
  }
  return null;
}

/** A cell per part, coloured by where it stands; the sending ones fill as they upload. */
export function PartsStrip({ item, job }: { item: QueueItem; job: JobProgress | null }) {
  const t = transcribeWords.useT();
  const parts = job?.parts ?? item.parts;
  if (!parts || parts.length < 2) return null;
  const done = parts.filter((part) => part.status === 'done').length;
  return (
    <ol
      className="queue-parts"
      aria-label={t('parts.done', { done, total: parts.length })}
      data-testid="queue-item-parts"
    >
      {parts.map((part) => {
        const fill = part.status === 'sending' ? percentOf(job?.uploads[part.index]) : null;
        return (
          <li
            key={part.index}
            className={`queue-parts__cell queue-parts__cell--${part.status}`}
            title={t('parts.cellTitle', {
              part: part.index + 1,
              range: partRange(part),
              status: t(PART_STATUS_KEYS[part.status]),
            })}
            data-testid="queue-part"
            data-status={part.status}
          >
            {fill !== null ? <span className="queue-parts__fill" style={{ width: `${fill}%` }} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The failed parts of a stopped long recording, each with a Retry that sends that part alone. */
export function FailedParts({ item }: { item: QueueItem }) {
  const t = transcribeWords.useT();
  const failed = (item.parts ?? []).filter((part) => part.status === 'failed');
  if (failed.length === 0) return null;
  return (
    <ul className="queue-parts__failed" aria-label={t('parts.failedList')}>
      {failed.map((part) => (
        <li key={part.index} className="queue-parts__failed-row" data-testid="queue-failed-part">
          <span>
            {t('parts.partName', { part: part.index + 1 })}{' '}
            <span className="queue-parts__range">{partRange(part)}</span>
          </span>
          <Button
            size="sm"
            variant="ghost"
            icon={RotateCcw}
            onClick={() => retryQueuePart(item.id, part.index)}
          >
            {t('parts.retryPart', { part: part.index + 1 })}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The end of the transcript as it arrives: the part being sent, or the whole file's. */
export function LiveTranscript({ item, job }: { item: QueueItem; job: JobProgress | null }) {
  const t = transcribeWords.useT();
  const whole = useLiveText(item);
  let text = whole;
  let label = t('parts.live');
  if (job) {
    const indexes = Object.keys(job.texts)
      .map(Number)
      .sort((a, b) => a - b);
    const latest = [...indexes].reverse().find((index) => job.texts[index]);
    text = latest === undefined ? '' : (job.texts[latest] ?? '');
    if (latest !== undefined) label = t('parts.livePart', { part: latest + 1 });
  }
  if (!text) return null;
  const tail = text.length > LIVE_TAIL_CHARS ? `…${text.slice(-LIVE_TAIL_CHARS).trimStart()}` : text;
  return (
    <p className="queue-item__live" title={label} data-testid="queue-item-live">
      {tail}
    </p>
  );
}
