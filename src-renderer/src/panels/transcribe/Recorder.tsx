import { Mic, Pause, Play, RotateCcw, Trash2, X } from 'lucide-react';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type RecordPlugin from 'wavesurfer.js/dist/plugins/record.esm.js';
import { setPrefs } from '../../actions/prefs.ts';
import { addRecording } from '../../actions/transcribe-input.ts';
import { describeMicrophoneError, type MicrophoneProblem } from '../../audio/microphone.ts';
import { useWaveSurfer } from '../../audio/wavesurfer.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { Kbd } from '../../components/Kbd.tsx';
import { StopIcon } from '../../components/StopIcon.tsx';
import { formatClock } from '../../i18n/format.ts';
import { useAppStore } from '../../store/index.ts';
import { RECORD_SHORTCUT_ARIA, RECORD_SHORTCUT_KEYS } from './shortcuts.ts';
import { transcribeWords } from './strings.ts';

const { t: translate } = transcribeWords;

export interface RecorderHandle {
  /** The record shortcut while the recorder is open: stops and keeps the take (or starts again after a problem). */
  stopOrRestart(): void;
}

type RecorderState = 'starting' | 'recording' | 'paused' | 'saving' | 'problem';

interface RecorderProps {
  /** The recorder is done: saved, discarded, or given up on. */
  onClose(): void;
  ref?: Ref<RecorderHandle>;
}

/** Seconds of the scrolling live waveform. */
const LIVE_WINDOW_SECONDS = 6;

function waveColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { waveColor: read('--danger', '#c9302c'), progressColor: read('--danger', '#c9302c') };
}

/**
 * Records the microphone with a live waveform and a timer: pause and resume, stop (the take is saved and
 * queued), discard. Opens already recording, with the microphone chosen last.
 */
export function Recorder({ onClose, ref }: RecorderProps) {
  const t = transcribeWords.useT();
  const deviceId = useAppStore((s) => s.prefs.transcribe.inputDeviceId);
  const waveRef = useRef<HTMLDivElement>(null);
  const recordRef = useRef<RecordPlugin | null>(null);
  const [state, setState] = useState<RecorderState>('starting');
  const [problem, setProblem] = useState<MicrophoneProblem | null>(null);
  const [tenths, setTenths] = useState(0);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  // Read in event handlers, which outlive renders.
  const discarding = useRef(false);
  const startedAt = useRef(new Date());
  const mounted = useRef(true);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const modules = useWaveSurfer();

  const refreshDevices = useCallback(async () => {
    if (!modules || modules === 'failed') return;
    try {
      const found = await modules.RecordPlugin.getAvailableAudioDevices();
      if (mounted.current) setDevices(found);
    } catch {
      // No device list (no permission yet, or no MediaDevices): the system default still works.
    }
  }, [modules]);

  const start = useCallback(
    async (record: RecordPlugin, chosen: string) => {
      setProblem(null);
      setState('starting');
      setTenths(0);
      discarding.current = false;
      try {
        // `ideal`: a remembered microphone that is gone falls back to another rather than failing.
        await record.startRecording(chosen ? { deviceId: { ideal: chosen } } : undefined);
        startedAt.current = new Date();
        if (!mounted.current || recordRef.current !== record) return;
        setState('recording');
        void refreshDevices();
      } catch (error) {
        if (!mounted.current || recordRef.current !== record) return;
        setProblem(describeMicrophoneError(error));
        setState('problem');
        void refreshDevices();
      }
    },
    [refreshDevices],
  );

  useEffect(() => {
    const container = waveRef.current;
    if (!container) return;
    mounted.current = true;
    if (modules === 'failed') {
      setProblem({
        kind: 'other',
        title: translate('recorder.startFailed'),
        hint: translate('recorder.startFailedHint'),
      });
      setState('problem');
    }
    if (!modules || modules === 'failed') return;
    const { WaveSurfer, RecordPlugin } = modules;
    const surfer = WaveSurfer.create({
      container,
      height: 64,
      ...waveColours(),
      barWidth: 2,
      barGap: 2,
      barRadius: 2,
      cursorWidth: 0,
      interact: false,
      hideScrollbar: true,
    });
    const record = surfer.registerPlugin(
      RecordPlugin.create({
        scrollingWaveform: true,
        scrollingWaveformWindow: LIVE_WINDOW_SECONDS,
        renderRecordedAudio: false,
      }),
    );
    recordRef.current = record;
    record.on('record-progress', (ms) => {
      const next = Math.floor(ms / 100);
      setTenths((current) => (current === next ? current : next));
    });
    record.on('record-pause', () => setState('paused'));
    record.on('record-resume', () => setState('recording'));
    // Also called after unmount (the panel was left mid-take) and when the microphone goes away mid-take:
    // the plugin hands the final take to its record-end listeners, and the take is saved rather than lost.
    record.on('record-end', (blob) => {
      if (discarding.current) {
        if (mounted.current) onCloseRef.current();
        return;
      }
      const seconds = record.getDuration() / 1000;
      if (mounted.current) setState('saving');
      void addRecording(blob, seconds, startedAt.current).then((saved) => {
        if (!mounted.current) return;
        if (saved) onCloseRef.current();
        else {
          setProblem({
            kind: 'other',
            title: translate('recorder.saveFailed'),
            hint: translate('recorder.saveFailedHint'),
          });
          setState('problem');
        }
      });
    });
    void start(record, useAppStore.getState().prefs.transcribe.inputDeviceId);
    const onDeviceChange = () => void refreshDevices();
    navigator.mediaDevices?.addEventListener('devicechange', onDeviceChange);
    return () => {
      mounted.current = false;
      navigator.mediaDevices?.removeEventListener('devicechange', onDeviceChange);
      recordRef.current = null;
      surfer.destroy();
    };
  }, [start, refreshDevices, modules]);

  const stop = useCallback(() => {
    const record = recordRef.current;
    if (record?.isActive()) record.stopRecording();
  }, []);

  const discard = () => {
    const record = recordRef.current;
    discarding.current = true;
    if (record?.isActive()) record.stopRecording();
    else onClose();
  };

  const togglePause = () => {
    const record = recordRef.current;
    if (!record) return;
    if (record.isPaused()) record.resumeRecording();
    else record.pauseRecording();
  };

  const restart = useCallback(() => {
    const record = recordRef.current;
    if (record) void start(record, useAppStore.getState().prefs.transcribe.inputDeviceId);
  }, [start]);

  useImperativeHandle(
    ref,
    () => ({
      stopOrRestart: () => {
        if (recordRef.current?.isActive()) stop();
        else if (state === 'problem') restart();
      },
    }),
    [stop, restart, state],
  );

  const live = state === 'recording' || state === 'paused';
  // After a failed start there is no take to throw away, only the recorder to close.
  const nothingTaken = state === 'problem' && tenths === 0;
  const chooseDevice = (id: string) => setPrefs({ transcribe: { inputDeviceId: id } });

  return (
    <section
      className={`card recorder recorder--${state}`}
      aria-label={t('recorder.label')}
      data-testid="recorder"
      data-state={state}
    >
      <header className="recorder__header">
        <span className="recorder__status" aria-live="polite">
          <span className="recorder__dot" aria-hidden />
          {t(STATUS_LABELS[state])}
        </span>
        <span
          className="recorder__timer"
          data-testid="recorder-timer"
          role="timer"
          aria-label={t('recorder.recordedTime')}
        >
          {formatClock(tenths / 10)}
          <span className="recorder__tenths">.{tenths % 10}</span>
        </span>
        <div className="recorder__actions">
          {state === 'problem' ? (
            <Button size="sm" icon={RotateCcw} onClick={restart}>
              {t('recorder.tryAgain')}
            </Button>
          ) : (
            <>
              <Button
                size="sm"
                icon={state === 'paused' ? Play : Pause}
                onClick={togglePause}
                disabled={!live}
                data-testid="recorder-pause"
              >
                {state === 'paused' ? t('recorder.resume') : t('recorder.pause')}
              </Button>
              <Button
                size="sm"
                variant="primary"
                icon={StopIcon}
                onClick={stop}
                disabled={!live}
                busy={state === 'saving'}
                title={t('recorder.stopTitle')}
                aria-keyshortcuts={RECORD_SHORTCUT_ARIA}
                data-testid="recorder-stop"
              >
                {t('recorder.stop')}
              </Button>
            </>
          )}
          <Button
            size="sm"
            variant={nothingTaken ? 'ghost' : 'danger-ghost'}
            icon={nothingTaken ? X : Trash2}
            onClick={discard}
            disabled={state === 'saving'}
            data-testid="recorder-discard"
          >
            {nothingTaken ? t('recorder.close') : t('recorder.discard')}
          </Button>
        </div>
      </header>
      <div className="recorder__wave" ref={waveRef} aria-hidden data-testid="recorder-wave" />
      {problem ? (
        <Callout tone="error" compact title={problem.title} testId="recorder-problem" role="alert">
          {problem.hint}
        </Callout>
      ) : null}
      <footer className="recorder__footer">
        <label className="recorder__device">
          <Mic size={14} aria-hidden />
          <span className="visually-hidden">{t('recorder.microphone')}</span>
          <select
            className="select-sm recorder__select"
            value={devices.some((d) => d.deviceId === deviceId) ? deviceId : ''}
            onChange={(event) => chooseDevice(event.target.value)}
            disabled={live || state === 'saving' || state === 'starting'}
            title={live ? t('recorder.switchTitle') : undefined}
            data-testid="recorder-device"
          >
            <option value="">{t('recorder.systemDefault')}</option>
            {devices
              .filter((d) => d.deviceId && d.deviceId !== 'default')
              .map((device, index) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {device.label || t('recorder.numbered', { n: index + 1 })}
                </option>
              ))}
          </select>
        </label>
        <span className="recorder__hint">
          <Kbd keys={RECORD_SHORTCUT_KEYS} />{' '}
          {live
            ? t('recorder.hintStops')
            : state === 'problem'
              ? t('recorder.hintRetries')
              : t('recorder.hintRecords')}
        </span>
      </footer>
    </section>
  );
}

const STATUS_LABELS = {
  starting: 'recorder.statusStarting',
  recording: 'recorder.statusRecording',
  paused: 'recorder.statusPaused',
  saving: 'recorder.statusSaving',
  problem: 'recorder.statusProblem',
} as const satisfies Record<RecorderState, Parameters<typeof translate>[0]>;
