import {
  AudioWaveform,
  Download,
  ListEnd,
  LoaderCircle,
  RotateCw,
  Save,
  SlidersHorizontal,
  Speech,
  Type,
  X,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import type { SpeechEntry, SpeechPartial } from '../../../../src-preload/contract.ts';
import {
  cancelSpeech,
  continueSpeech,
  generateSpeech,
  reuseSpeechSettings,
  saveSpeechClip,
} from '../../actions/speak.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { MOD_KEY_LABEL } from '../../components/Kbd.tsx';
import { StopIcon } from '../../components/StopIcon.tsx';
import { WaveformPlayer } from '../../components/WaveformPlayer.tsx';
import { formatBytes, formatElapsed, formatNumber } from '../../i18n/format.ts';
import { useAppStore } from '../../store/index.ts';
import { useStreamStore } from '../../store/streams.ts';
import { PanelProfileFooter } from '../PanelProfileFooter.tsx';
import {
  clipLength,
  continuedPartsJoin,
  estimateParts,
  formatLabel,
  partialLabel,
  speedLabel,
} from './speak-rules.ts';
import { stitchParts } from './stitch-parts.ts';
import { speakWords } from './strings.ts';

/** Below the text: the failure of the last attempt, the job in progress, or the clip in the player. */
export function ClipCard() {
  const running = useAppStore((s) => s.speak.job !== null);
  const current = useAppStore((s) => s.speak.current);
  return (
    <div className="speak-output">
      <SpeakError />
      {running ? <JobProgress /> : current ? <ClipView entry={current} /> : <ClipPlaceholder />}
    </div>
  );
}

function SpeakError() {
  const t = speakWords.useT();
  const error = useAppStore((s) => s.speak.error);
  const running = useAppStore((s) => s.speak.job !== null);
  const update = useAppStore((s) => s.updateSpeak);
  if (!error || running) return null;
  // Sending again cannot fix a text refused here nor a disk that failed (whose paid parts are kept for
  // the next start): there "Try again" would only pay for every part once more.
  const fromGateway = error.code !== 'invalid_input' && error.code !== 'file_error';
  return (
    <Callout
      tone="error"
      title={error.message}
      testId="speak-error"
      role="alert"
      actions={
        <>
          {fromGateway ? (
            <Button size="sm" variant="ghost" icon={RotateCw} onClick={() => void generateSpeech()}>
              {t('error.tryAgain')}
            </Button>
          ) : null}
          <IconButton icon={X} label={t('error.dismiss')} size="sm" onClick={() => update({ error: null })} />
        </>
      }
    >
      {error.hint ? <span data-testid="speak-error-hint">{error.hint}</span> : null}
      {error.requestId ? (
        <span className="speak-error__id">{t('error.requestId', { id: error.requestId })}</span>
      ) : null}
    </Callout>
  );
}

function JobProgress() {
  const t = speakWords.useT();
  const job = useAppStore((s) => s.speak.job);
  const progress = useStreamStore((s) => (job ? (s.streams[job.streamId]?.progress ?? null) : null));
  // The clip being continued, as the history lists it: its format and layout say how the rest is added.
  const continued = useAppStore((s) =>
    job?.continuing ? (s.speak.history.find((item) => item.id === job.continuing) ?? null) : null,
  );
  const elapsed = useElapsed(job?.startedAt ?? null);
  if (!job) return null;
  const steps = progress?.steps ?? estimateParts(job.characters);
  const step = progress?.step ?? 1;
  const many = steps > 1;
  // Not a live region: its timer ticks five times a second. The part in progress is said as it changes;
  // the end is said once by the app's status region ("Clip ready").
  return (
    <section className="card speak-progress" data-testid="speak-progress">
      <div className="speak-progress__head">
        <LoaderCircle size={16} className="spin speak-progress__spinner" aria-hidden />
        <p className="speak-progress__title" data-testid="speak-progress-label" aria-live="polite">
          {many
            ? t('progress.part', { step: formatNumber(step), steps: formatNumber(steps) })
            : t('progress.speech')}
        </p>
        <span className="speak-progress__time">{formatElapsed(elapsed)}</span>
        <Button size="sm" icon={StopIcon} onClick={() => void cancelSpeech()} data-testid="speak-cancel">
          {t('progress.cancel')}
        </Button>
      </div>
      <div
        className={`speak-progress__bar${many ? '' : ' speak-progress__bar--indeterminate'}`}
        role="progressbar"
        aria-label={t('progress.bar')}
        aria-valuemin={0}
        aria-valuemax={steps}
        aria-valuenow={many ? step - 1 : undefined}
      >
        <span style={many ? { width: `${((step - 1) / steps) * 100}%` } : undefined} />
      </div>
      <p className="speak-progress__note">
        {job.continuing
          ? t(
              continued
                ? continuedPartsJoin(continued)
                  ? 'progress.continueJoined'
                  : 'progress.continueKept'
                : 'progress.continueAdded',
            )
          : many
            ? t('progress.parts')
            : t('progress.single')}
      </p>
    </section>
  );
}

function useElapsed(startedAt: number | null): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => setNow(performance.now()), 200);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? 0 : Math.max(0, now - startedAt);
}

// The catalogue's keys (empty.<step>, empty.<step>Detail), translated at render.
const STEPS = [
  { icon: Type, step: 'write' },
  { icon: SlidersHorizontal, step: 'voice' },
  { icon: AudioWaveform, step: 'listen' },
  { icon: Save, step: 'save' },
] as const;

/** Before the first clip: what the panel does, in four steps, and which gateway it will use. */
function ClipPlaceholder() {
  const t = speakWords.useT();
  return (
    <section className="card speak-placeholder" data-testid="empty-speak">
      <div className="speak-placeholder__hero">
        <span className="icon-tile speak-placeholder__icon" aria-hidden>
          <Speech size={22} strokeWidth={1.75} />
        </span>
        <div>
          <h2 className="speak-placeholder__title">{t('empty.title')}</h2>
          <p className="speak-placeholder__detail">
            {t('empty.detail', { shortcut: `${MOD_KEY_LABEL}+Enter` })}
          </p>
        </div>
      </div>
      <ol className="speak-steps">
        {STEPS.map((step) => (
          <li key={step.step} className="speak-steps__item">
            <step.icon size={15} className="speak-steps__icon" aria-hidden />
            <span className="speak-steps__title">{t(`empty.${step.step}`)}</span>
            <span className="speak-steps__detail">{t(`empty.${step.step}Detail`)}</span>
          </li>
        ))}
      </ol>
      <div className="speak-placeholder__footer">
        <PanelProfileFooter />
      </div>
    </section>
  );
}

/** The clip in the player: its waveform, what it is, and what can be done with it. */
function ClipView({ entry }: { entry: SpeechEntry }) {
  const t = speakWords.useT();
  const playable = usePlayableUrl(entry);
  return (
    <section className="card speak-clip" data-testid="speak-clip" data-clip-id={entry.id}>
      <header className="speak-clip__head">
        <div className="speak-clip__title">
          <p className="one-line speak-clip__preview" title={entry.preview}>
            {entry.preview}
          </p>
          <p className="speak-clip__settings">
            <span className="mono">{entry.model}</span> · {entry.voice} · {speedLabel(entry.speed)}
          </p>
        </div>
        <div className="speak-clip__actions">
          <Button
            size="sm"
            variant="ghost"
            icon={SlidersHorizontal}
            onClick={() => void reuseSpeechSettings(entry.id)}
            title={t('clip.reuseTitle')}
          >
            {t('clip.reuse')}
          </Button>
          <Button
            size="sm"
            icon={Download}
            onClick={() => void saveSpeechClip(entry.id)}
            data-testid="speak-save"
          >
            {t('clip.save')}
          </Button>
        </div>
      </header>
      {entry.partial ? <PartialNotice entry={entry} partial={entry.partial} /> : null}
      {playable.status === 'ready' ? (
        <WaveformPlayer url={playable.url} label={t('clip.player')} testId="speak-waveform" height={64} />
      ) : playable.status === 'failed' ? (
        <Callout tone="error" compact title={t('clip.joinFailed')}>
          {t('clip.joinFailedDetail', { message: playable.message })}
        </Callout>
      ) : (
        <p className="speak-clip__joining" aria-busy="true">
          <LoaderCircle size={14} className="spin" aria-hidden />{' '}
          {t('clip.joining', { n: formatNumber(entry.urls.length) })}
        </p>
      )}
      <dl className="speak-facts" data-testid="speak-facts">
        <Fact
          label={t('clip.firstAudio')}
          value={entry.timeToFirstAudioMs === null ? '—' : formatElapsed(entry.timeToFirstAudioMs)}
          testId="speak-ttfa"
        />
        <Fact label={t('clip.readyIn')} value={formatElapsed(entry.elapsedMs)} />
        <Fact label={t('clip.length')} value={clipLength(entry.durationSec)} />
        <Fact label={t('clip.file')} value={`${formatLabel(entry.format)} · ${formatBytes(entry.bytes)}`} />
        {entry.parts > 1 ? <Fact label={t('clip.requests')} value={requestsFact(entry)} /> : null}
      </dl>
      {entry.layout === 'parts' ? (
        <p className="speak-clip__note" data-testid="speak-parts-note">
          {t('clip.partsNote', {
            format: formatLabel(entry.format),
            n: formatNumber(entry.urls.length),
            extension: entry.extension,
          })}
        </p>
      ) : entry.format === 'pcm' ? (
        <p className="speak-clip__note">{t('clip.pcmNote')}</p>
      ) : null}
    </section>
  );
}

/**
 * A clip holding only its first parts: which ones, why the next one is missing (the gateway's own words,
 * classified like every other error), and Continue, which sends only the parts that are left.
 */
function PartialNotice({ entry, partial }: { entry: SpeechEntry; partial: SpeechPartial }) {
  const t = speakWords.useT();
  const running = useAppStore((s) => s.speak.job !== null);
  const next = partial.done + 1;
  return (
    <Callout
      tone="warning"
      title={t('partial.title', { label: partialLabel(partial.done, entry.parts) })}
      testId="speak-partial"
      role="status"
      actions={
        <Button
          size="sm"
          icon={ListEnd}
          disabled={running}
          onClick={() => void continueSpeech(entry.id)}
          title={t('partial.continueTitle', { next: formatNumber(next), parts: formatNumber(entry.parts) })}
          data-testid="speak-continue"
        >
          {t('partial.continue', { next: formatNumber(next) })}
        </Button>
      }
    >
      <span className="speak-partial__reason" data-testid="speak-partial-reason">
        {partial.error.message}
      </span>
      {partial.error.hint ? <span className="speak-partial__hint">{partial.error.hint}</span> : null}
      {partial.error.requestId ? (
        <span className="speak-error__id">{t('error.requestId', { id: partial.error.requestId })}</span>
      ) : null}
      <span className="speak-partial__kept">
        {t(continuedPartsJoin(entry) ? 'partial.keptJoined' : 'partial.keptApart')}
      </span>
    </Callout>
  );
}

/** `3 · joined`, or for a partial clip the requests that arrived: `39 of 49 · joined` (`1 of 49` alone). */
function requestsFact(entry: SpeechEntry): string {
  const t = speakWords.t;
  const arrived = entry.partial?.done ?? entry.parts;
  const count = entry.partial
    ? t('clip.requestsArrived', { arrived: formatNumber(arrived), parts: formatNumber(entry.parts) })
    : formatNumber(entry.parts);
  if (arrived === 1) return count;
  return `${count} · ${entry.layout === 'file' ? t('clip.joined') : t('clip.keptApart')}`;
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="speak-facts__item">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

type Playable =
  | { status: 'ready'; url: string }
  | { status: 'joining' }
  | { status: 'failed'; message: string };

/** One URL to play: the clip's file, or its parts stitched together in memory. */
function usePlayableUrl(entry: SpeechEntry): Playable {
  const single = entry.urls.length === 1 ? (entry.urls[0] ?? null) : null;
  const [stitched, setStitched] = useState<{ id: string; playable: Playable } | null>(null);
  useEffect(() => {
    if (single !== null) return;
    const controller = new AbortController();
    let url: string | null = null;
    setStitched({ id: entry.id, playable: { status: 'joining' } });
    stitchParts(entry.urls, controller.signal).then(
      (made) => {
        url = made;
        if (controller.signal.aborted) URL.revokeObjectURL(made);
        else setStitched({ id: entry.id, playable: { status: 'ready', url: made } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setStitched({ id: entry.id, playable: { status: 'failed', message } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [entry.id, entry.urls, single]);
  if (single !== null) return { status: 'ready', url: single };
  return stitched?.id === entry.id ? stitched.playable : { status: 'joining' };
}
