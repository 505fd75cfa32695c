import { Pause, Play } from 'lucide-react';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import type { AudioPeaks } from '../../../src-preload/contract.ts';
import { useWaveSurfer } from '../audio/wavesurfer.ts';
import { formatClock } from '../i18n/format.ts';
// The player's words live in the Transcribe catalogue (`player.*`), for now also when Speak shows it.
import { playerWords } from './player-strings.ts';
import './WaveformPlayer.css';

export interface WaveformPlayerHandle {
  /** Moves the playhead to `seconds` (playing on if it was playing). */
  seek(seconds: number): void;
  play(): void;
  pause(): void;
  /** Plays when paused, pauses when playing (a panel's own Space shortcut). */
  toggle(): void;
  isPlaying(): boolean;
}

interface WaveformPlayerProps {
  /** The audio's URL on the app's media route. */
  url: string;
  /** Precomputed peaks: the waveform is drawn from them and the file is not fetched and decoded. */
  peaks?: AudioPeaks | null;
  /** Peaks worked out from the decoded audio (only when none were given), so the caller can keep them. */
  onPeaks?(peaks: AudioPeaks): void;
  /** Fires during playback and on every seek. */
  onTimeUpdate?(seconds: number): void;
  onReady?(duration: number): void;
  /** What the audio is, for screen readers ("Recording 14:02"). */
  label: string;
  ref?: Ref<WaveformPlayerHandle>;
  testId?: string;
  height?: number;
  /**
   * While true, the player's frame is drawn (its controls waiting, "drawing…") and the waveform is not
   * made yet: for a view that draws its first screen in steps (an opened transcript: its text first).
   */
  waitToDraw?: boolean;
}

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** Peaks kept per file: plenty for any window width, small enough to store. */
const STORED_PEAKS = 4_000;
const SEEK_STEP_SECONDS = 5;
/** PageUp/PageDown move a tenth of the audio (never less than an arrow's step). */
const SEEK_PAGE_FRACTION = 0.1;

/**
 * Where a key moves the playhead (the slider pattern), or `null` for a key that does not seek: ←/↓ and →/↑
 * 5 s back and on, PageDown/PageUp a tenth of the audio (at least 5 s), Home the start, End the end.
 */
export function seekTargetForKey(key: string, time: number, duration: number): number | null {
  const page = Math.max(SEEK_STEP_SECONDS, duration * SEEK_PAGE_FRACTION);
  const target =
    key === 'ArrowLeft' || key === 'ArrowDown'
      ? time - SEEK_STEP_SECONDS
      : key === 'ArrowRight' || key === 'ArrowUp'
        ? time + SEEK_STEP_SECONDS
        : key === 'PageDown'
          ? time - page
          : key === 'PageUp'
            ? time + page
            : key === 'Home'
              ? 0
              : key === 'End'
                ? duration
                : null;
  return target === null ? null : Math.max(0, Math.min(target, duration));
}

type PlayerState = 'loading' | 'ready' | 'playing' | 'error';

/** Moves the playhead, kept within the audio. */
function seekWithin(surfer: WaveSurfer | null, seconds: number): void {
  if (!surfer) return;
  const target = Math.max(0, Math.min(seconds, surfer.getDuration()));
  surfer.setTime(target);
  // wavesurfer holds a seek back while the media lacks data past its position (as while an earlier seek is
  // under way) and drops it when that earlier seek's 'seeking' event comes: End then Home at once left the
  // audio at the end. A media element with its metadata can be told where to go at once (HTML's seeking
  // steps), so it is.
  const media = surfer.getMediaElement();
  if (
    media &&
    media.readyState >= HTMLMediaElement.HAVE_METADATA &&
    Math.abs(media.currentTime - target) > 0.01
  )
    media.currentTime = target;
}

function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    waveColor: read('--waveform') || '#b9b8e8',
    progressColor: read('--accent') || '#5753d6',
    cursorColor: read('--text') || '#1b1b21',
  };
}

/** A waveform with play/pause, click-or-drag to seek, the slider's keys, and playback speed. */
export function WaveformPlayer({
  url,
  peaks,
  onPeaks,
  onTimeUpdate,
  onReady,
  label,
  ref,
  testId = 'waveform',
  height = 72,
  waitToDraw = false,
}: WaveformPlayerProps) {
  const t = playerWords.useT();
  const containerRef = useRef<HTMLDivElement>(null);
  const surferRef = useRef<WaveSurfer | null>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(peaks?.duration ?? 0);
  const [rate, setRate] = useState(1);
  const [error, setError] = useState<string | null>(null);

  // Callbacks change identity on every render of the parent; the player reads the latest through a ref
  // instead of being rebuilt (which would reload the audio).
  const callbacks = useRef({ onPeaks, onTimeUpdate, onReady });
  callbacks.current = { onPeaks, onTimeUpdate, onReady };
  const rateRef = useRef(rate);
  rateRef.current = rate;

  const modules = useWaveSurfer();
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    setState('loading');
    setError(null);
    setTime(0);
    if (modules === 'failed') {
      setState('error');
      setError(playerWords.t('drawFailed'));
    }
    if (!modules || modules === 'failed' || waitToDraw) return;
    const given = peaks && peaks.data.length > 0 ? peaks : null;
    const surfer = modules.WaveSurfer.create({
      container,
      height,
      ...themeColours(),
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      cursorWidth: 2,
      normalize: true,
      dragToSeek: true,
      hideScrollbar: true,
      ...(given ? { peaks: [given.data], duration: given.duration } : {}),
    });
    surferRef.current = surfer;
    const unsubscribe = [
      surfer.on('ready', (seconds) => {
        setDuration(seconds);
        setState((current) => (current === 'playing' ? current : 'ready'));
        surfer.setPlaybackRate(rateRef.current);
        callbacks.current.onReady?.(seconds);
      }),
      surfer.on('decode', (seconds) => {
        if (given) return;
        const [signed = []] = surfer.exportPeaks({ channels: 1, maxLength: STORED_PEAKS, precision: 1_000 });
        // wavesurfer keeps each peak's sign (the sample furthest from zero); AudioPeaks are magnitudes 0..1,
        // and main refuses anything else.
        const data = signed.map((peak) => Math.min(1, Math.abs(peak)));
        callbacks.current.onPeaks?.({ duration: seconds, data });
      }),
      surfer.on('timeupdate', () => {
        // Where the audio is now, not the number sent with the event: on the media's 'ended' wavesurfer
        // sends the duration, and that event can arrive after a later seek (End, then Home at once: the
        // browser fires 'ended' for the seek to the end, HTML's "reaches the end" steps, once the audio
        // is back at the start), which would leave the slider at the end while the audio is at 0.
        const seconds = surfer.getCurrentTime();
        setTime(seconds);
        callbacks.current.onTimeUpdate?.(seconds);
      }),
      surfer.on('play', () => setState('playing')),
      surfer.on('pause', () => setState('ready')),
      surfer.on('finish', () => setState('ready')),
      surfer.on('error', (cause) => {
        setState('error');
        setError(cause.message || playerWords.t('loadFailed'));
      }),
    ];
    // A load superseded by the next one (a quick switch of files) rejects; that is not an error to show.
    surfer.load(url, given ? [given.data] : undefined, given?.duration).catch(() => {});

    // Follow the light/dark switch without reloading the audio.
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    const recolour = () => surfer.setOptions(themeColours());
    scheme.addEventListener('change', recolour);
    return () => {
      scheme.removeEventListener('change', recolour);
      for (const off of unsubscribe) off();
      surfer.destroy();
      surferRef.current = null;
    };
  }, [url, peaks, height, modules, waitToDraw]);

  const seek = (seconds: number) => seekWithin(surferRef.current, seconds);

  useImperativeHandle(
    ref,
    () => ({
      seek: (seconds) => seekWithin(surferRef.current, seconds),
      play: () => void surferRef.current?.play().catch(() => {}),
      pause: () => surferRef.current?.pause(),
      toggle: () => void surferRef.current?.playPause().catch(() => {}),
      isPlaying: () => surferRef.current?.isPlaying() ?? false,
    }),
    [],
  );

  const toggle = () => void surferRef.current?.playPause().catch(() => {});
  const changeRate = (next: number) => {
    setRate(next);
    surferRef.current?.setPlaybackRate(next);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.target instanceof HTMLSelectElement) return;
    if (event.key === ' ' || event.key === 'k') {
      event.preventDefault();
      toggle();
      return;
    }
    // Left/Right seek from anywhere in the player; the slider's other keys (Up/Down, PageUp/PageDown,
    // Home/End) only on the slider itself.
    const onSlider = event.target === containerRef.current;
    if (!onSlider && event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const target = seekTargetForKey(event.key, time, duration);
    if (target === null) return;
    event.preventDefault();
    seek(target);
  };

  const playing = state === 'playing';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys here are shortcuts for the buttons inside it
    <div
      className="waveform-player"
      data-testid={testId}
      data-state={state}
      data-current-time={time.toFixed(3)}
      data-duration={duration.toFixed(3)}
      data-rate={rate}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className="waveform-player__play"
        onClick={toggle}
        disabled={state === 'loading' || state === 'error'}
        aria-label={playing ? t('pause', { label }) : t('play', { label })}
        title={playing ? t('pauseTitle') : t('playTitle')}
        data-testid={`${testId}-play`}
      >
        {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
      </button>
      <div className="waveform-player__body">
        <div
          ref={containerRef}
          className="waveform-player__wave"
          role="slider"
          tabIndex={0}
          aria-label={t('position', { label })}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.round(time)}
          aria-valuetext={t('valueText', { time: formatClock(time), duration: formatClock(duration) })}
          style={{ height }}
        />
        {state === 'loading' ? <div className="waveform-player__loading">{t('drawing')}</div> : null}
        {error ? (
          <p className="waveform-player__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="waveform-player__side">
        <span className="waveform-player__time" data-testid={`${testId}-time`}>
          {formatClock(time)} / {formatClock(duration)}
        </span>
        <select
          className="select-sm"
          aria-label={t('speed')}
          value={rate}
          onChange={(event) => changeRate(Number(event.target.value))}
          data-testid={`${testId}-rate`}
        >
          {PLAYBACK_RATES.map((value) => (
            <option key={value} value={value}>
              {value}×
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
