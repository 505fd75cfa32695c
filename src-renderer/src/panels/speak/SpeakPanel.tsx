import { useEffect } from 'react';
import { generateSpeech, prefetchSpeechHistory } from '../../actions/speak.ts';
import { waveSurferModules } from '../../audio/wavesurfer.ts';
import { PanelHeader } from '../../shell/PanelHeader.tsx';
import { prefetchAfterFirstScreen } from '../../startup/prefetch.ts';
import { useAppStore } from '../../store/index.ts';
import { ClipCard } from './ClipCard.tsx';
import { Composer } from './Composer.tsx';
import { SpeechHistoryList } from './SpeechHistoryList.tsx';
import { SpeechOptions } from './SpeechOptions.tsx';
import { speakWords } from './strings.ts';
import '../panels.css';
import './speak.css';

/** Text in, speech out: write, choose a voice, generate, listen, save; every clip kept in a history. */
export function SpeakPanel() {
  const t = speakWords.useT();
  const historyStatus = useAppStore((s) => s.speak.historyStatus);
  useEffect(() => {
    if (historyStatus === 'idle') void prefetchSpeechHistory();
  }, [historyStatus]);
  // Every clip has a waveform.
  useEffect(() => prefetchAfterFirstScreen([waveSurferModules]), []);
  useGenerateShortcut();
  return (
    <>
      <PanelHeader title={t('panel.title')} description={t('panel.description')} />
      <div className="speak-layout">
        <div className="speak-layout__main">
          <Composer />
          <ClipCard />
          <SpeechHistoryList />
        </div>
        <SpeechOptions />
      </div>
    </>
  );
}

/** Ctrl+Enter (Cmd+Enter on macOS) generates from anywhere in the panel, unless a dialog is asking something. */
function useGenerateShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      void generateSpeech();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
