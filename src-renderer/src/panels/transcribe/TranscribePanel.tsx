import { AudioLines, AudioWaveform, Download, FilePlus2, Languages, Mic, Upload } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addDroppedFiles, pickAudioFiles } from '../../actions/transcribe-input.ts';
import { requireModel, restoreUnfinishedJobs } from '../../actions/transcribe-queue.ts';
import { useHasOpenTranscript } from '../../actions/transcripts.ts';
import { ACCEPTED_FORMATS_TEXT } from '../../audio/accepted-files.ts';
import { waveSurferModules } from '../../audio/wavesurfer.ts';
import { Button } from '../../components/Button.tsx';
import { EmptyState, type EmptyStateStep } from '../../components/EmptyState.tsx';
import { useFileDrop } from '../../components/useFileDrop.ts';
import { PanelHeader } from '../../shell/PanelHeader.tsx';
import { prefetchAfterFirstScreen } from '../../startup/prefetch.ts';
import { PanelProfileFooter } from '../PanelProfileFooter.tsx';
import { DropOverlay } from './DropOverlay.tsx';
import { OptionsCard } from './OptionsCard.tsx';
import { Recorder, type RecorderHandle } from './Recorder.tsx';
import { RefusedFiles } from './RefusedFiles.tsx';
import {
  ADD_FILES_SHORTCUT_ARIA,
  ADD_FILES_SHORTCUT_TEXT,
  isAddFilesShortcut,
  isRecordShortcut,
  RECORD_SHORTCUT_ARIA,
  RECORD_SHORTCUT_TEXT,
} from './shortcuts.ts';
import { transcribeWords } from './strings.ts';
import { TranscribeLists } from './TranscribeLists.tsx';
import { TranscriptView } from './TranscriptView.tsx';
import '../panels.css';
import './transcribe.css';

/** The empty panel's steps, in the interface's language. */
function useSteps(): readonly EmptyStateStep[] {
  const t = transcribeWords.useT();
  return [
    {
      icon: Upload,
      title: t('panel.stepAddTitle'),
      detail: t('panel.stepAddDetail', { formats: ACCEPTED_FORMATS_TEXT }),
    },
    { icon: Languages, title: t('panel.stepOutputTitle'), detail: t('panel.stepOutputDetail') },
    { icon: AudioWaveform, title: t('panel.stepFollowTitle'), detail: t('panel.stepFollowDetail') },
    { icon: Download, title: t('panel.stepExportTitle'), detail: t('panel.stepExportDetail') },
  ];
}

/**
 * Audio in on the left (options, then the queue and the history), the open transcript on the right. The
 * whole panel takes dropped files.
 */
export function TranscribePanel() {
  const t = transcribeWords.useT();
  const steps = useSteps();
  const [recording, setRecording] = useState(false);
  const recorderRef = useRef<RecorderHandle>(null);
  const hasTranscript = useHasOpenTranscript();
  const onFiles = useCallback((files: File[]) => void addDroppedFiles(files), []);
  const { dragging, dropHandlers } = useFileDrop(onFiles);

  const startRecording = useCallback(() => {
    if (requireModel()) setRecording(true);
  }, []);

  // An opened transcript and the recorder both draw a waveform.
  useEffect(() => prefetchAfterFirstScreen([waveSurferModules]), []);
  // Long recordings an earlier run left unfinished come back into the queue, paused.
  useEffect(() => void restoreUnfinishedJobs(), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      if (isRecordShortcut(event)) {
        event.preventDefault();
        if (event.repeat) return;
        if (recording) recorderRef.current?.stopOrRestart();
        else startRecording();
      } else if (isAddFilesShortcut(event)) {
        event.preventDefault();
        void pickAudioFiles();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [recording, startRecording]);

  return (
    <div className="transcribe-panel" data-testid="transcribe-panel" {...dropHandlers}>
      <PanelHeader
        title={t('panel.title')}
        description={t('panel.description')}
        actions={
          <>
            <Button
              icon={FilePlus2}
              onClick={() => void pickAudioFiles()}
              title={t('panel.addFilesTitle', { shortcut: ADD_FILES_SHORTCUT_TEXT })}
              aria-keyshortcuts={ADD_FILES_SHORTCUT_ARIA}
            >
              {t('panel.addFiles')}
            </Button>
            <Button
              variant="primary"
              icon={Mic}
              onClick={startRecording}
              disabled={recording}
              title={t('panel.recordTitle', { shortcut: RECORD_SHORTCUT_TEXT })}
              aria-keyshortcuts={RECORD_SHORTCUT_ARIA}
              data-testid="record-button"
            >
              {t('panel.record')}
            </Button>
          </>
        }
      />
      <div className="transcribe-layout">
        <aside className="transcribe-layout__aside" aria-label={t('panel.audioIn')}>
          <OptionsCard />
          <RefusedFiles />
          <TranscribeLists />
        </aside>
        <div className="transcribe-layout__main">
          {recording ? <Recorder ref={recorderRef} onClose={() => setRecording(false)} /> : null}
          {hasTranscript ? (
            <TranscriptView />
          ) : recording ? null : (
            <EmptyState
              testId="empty-transcribe"
              icon={AudioLines}
              title={t('panel.emptyTitle')}
              sentence={t('panel.emptySentence')}
              steps={steps}
              footer={<PanelProfileFooter />}
            />
          )}
        </div>
      </div>
      {dragging ? <DropOverlay /> : null}
    </div>
  );
}
