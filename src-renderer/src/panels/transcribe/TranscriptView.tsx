import { FileQuestion, LoaderCircle, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AudioFile, TranscriptEntry } from '../../../../src-preload/contract.ts';
import {
  copyTranscript,
  openTranscript,
  rememberPeaks,
  segmentsToCome,
  whenAllSegments,
} from '../../actions/transcripts.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { WaveformPlayer, type WaveformPlayerHandle } from '../../components/WaveformPlayer.tsx';
import { Rich } from '../../i18n/rich.tsx';
import { useAppStore } from '../../store/index.ts';
import { DeleteTranscriptDialog } from './DeleteTranscriptDialog.tsx';
import type { ExportMenuHandle } from './ExportMenu.tsx';
import { SegmentList } from './SegmentList.tsx';
import { hasTimedSegments } from './segments.ts';
import { transcribeWords } from './strings.ts';
import { TranscriptHeader } from './TranscriptHeader.tsx';
import { useTranscriptShortcuts } from './useTranscriptShortcuts.ts';
import './TranscriptView.css';

/** The open transcript (the panel shows this when one is open): loading, failed, or the transcript. */
export function TranscriptView() {
  const t = transcribeWords.useT();
  const opened = useAppStore((s) => s.openedTranscript);
  if (!opened) return null;
  if (opened.status === 'loading') {
    return (
      <div className="transcript-view transcript-view--status" data-testid="transcript-view" aria-busy="true">
        <LoaderCircle size={18} className="spin" aria-hidden />
        {t('view.opening')}
      </div>
    );
  }
  if (opened.status === 'failed') {
    return (
      <div className="transcript-view" data-testid="transcript-view">
        <Callout
          tone="error"
          title={t('view.openFailed')}
          role="alert"
          actions={
            <Button size="sm" icon={RotateCw} onClick={() => void openTranscript(opened.id)}>
              {t('view.tryAgain')}
            </Button>
          }
        >
          {opened.error.message} {opened.error.hint}
        </Callout>
      </div>
    );
  }
  // Keyed by entry: another transcript gets a fresh player, not the last one's position.
  return <OpenTranscript key={opened.entry.id} entry={opened.entry} />;
}

function OpenTranscript({ entry }: { entry: TranscriptEntry }) {
  const t = transcribeWords.useT();
  const player = useRef<WaveformPlayerHandle>(null);
  const exportMenu = useRef<ExportMenuHandle>(null);
  const pinned = useRef<HTMLDivElement>(null);
  const view = useRef<HTMLElement>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  usePinnedHeight(pinned, view);
  const stage = useStages(OPENING_STAGES);
  const { audio, id } = entry;
  const whenAll = useCallback(() => whenAllSegments(id), [id]);

  const seekAndPlay = useCallback((seconds: number) => {
    player.current?.seek(seconds);
    player.current?.play();
  }, []);

  useTranscriptShortcuts({
    togglePlay: audio ? () => player.current?.toggle() : null,
    isPlaying: () => player.current?.isPlaying() ?? false,
    copyAll: () => void copyTranscript(entry),
    openExport: () => exportMenu.current?.open(),
  });

  return (
    <article
      ref={view}
      className="transcript-view"
      data-testid="transcript-view"
      aria-label={t('view.article', { name: entry.name })}
    >
      {/* The header and the player stay in sight while a long transcript scrolls under them. */}
      <div className="transcript-view__pinned" ref={pinned}>
        <TranscriptHeader
          entry={entry}
          exportMenuRef={exportMenu}
          onDelete={() => setConfirmingDelete(true)}
        />
        {audio ? (
          <SourcePlayer
            audio={audio}
            name={entry.name}
            playerRef={player}
            waitToDraw={stage < PLAYER_STAGE}
          />
        ) : (
          <MissingAudio path={entry.audioPath} />
        )}
        <div className="transcript-view__pinned-edge" aria-hidden />
      </div>
      {stage < LIST_STAGE ? null : hasTimedSegments(entry.transcript) ? (
        <SegmentList
          segments={entry.transcript.segments}
          total={segmentsToCome(entry) ? entry.segmentCount : undefined}
          whenAll={whenAll}
          onSeek={audio ? seekAndPlay : undefined}
          pinnedAboveRef={pinned}
        />
      ) : (
        <PlainTranscript text={entry.transcript.text} />
      )}
      <DeleteTranscriptDialog
        target={confirmingDelete ? entry : null}
        onClose={() => setConfirmingDelete(false)}
      />
    </article>
  );
}

function SourcePlayer({
  audio,
  name,
  playerRef,
  waitToDraw,
}: {
  audio: AudioFile;
  name: string;
  playerRef: React.RefObject<WaveformPlayerHandle | null>;
  waitToDraw: boolean;
}) {
  const setPlaybackTime = useAppStore((s) => s.setTranscriptPlaybackTime);
  return (
    <WaveformPlayer
      ref={playerRef}
      url={audio.url}
      peaks={audio.peaks}
      // Peaks decoded on this visit go to main for the next one. The store's copy of the entry is left as it
      // is: new peaks there would make the player load the audio again.
      onPeaks={(peaks) => rememberPeaks(audio.path, peaks)}
      onTimeUpdate={setPlaybackTime}
      label={name}
      waitToDraw={waitToDraw}
    />
  );
}

function MissingAudio({ path }: { path: string }) {
  return (
    <div className="transcript-view__missing" data-testid="audio-missing">
      <FileQuestion size={16} aria-hidden />
      <p>
        <Rich
          words={transcribeWords}
          k="view.missingAudio"
          values={{ path }}
          components={{ path: <span className="transcript-view__path" /> }}
        />
      </p>
    </div>
  );
}

/** A transcript without timings: text to read and select, at a comfortable line length. */
function PlainTranscript({ text }: { text: string }) {
  const t = transcribeWords.useT();
  return (
    <div className="transcript-text" data-selectable data-testid="transcript-text">
      {text.trim() || <span className="transcript-text__empty">{t('view.noText')}</span>}
    </div>
  );
}

/**
 * An opened transcript is built in three tasks, one after another: the header with the player's frame (in
 * the task that took in main's answer), the segment list, then the waveform in that frame. Each costs tens
 * of milliseconds of script, style and layout with a long transcript; all in one task made one long task.
 * The text comes before the waveform (what is read first), and the frame keeps the player's place, so
 * nothing moves when the waveform is drawn.
 */
const LIST_STAGE = 1;
const PLAYER_STAGE = 2;
const OPENING_STAGES = PLAYER_STAGE;

/** 0 in the first commit, then one more in each task that follows, up to `last`. */
function useStages(last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= last) return;
    const timer = setTimeout(() => setStage(stage + 1), 0);
    return () => clearTimeout(timer);
  }, [stage, last]);
  return stage;
}

/**
 * Publishes the pinned block's height as `--transcript-pinned-height` on the view (for the rows'
 * scroll-margin), so a row scrolled into view lands below the player rather than under it. Set as a
 * style, not state: a resize need not re-render a transcript.
 */
function usePinnedHeight(
  pinned: React.RefObject<HTMLElement | null>,
  view: React.RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const element = pinned.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      view.current?.style.setProperty('--transcript-pinned-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [pinned, view]);
}
