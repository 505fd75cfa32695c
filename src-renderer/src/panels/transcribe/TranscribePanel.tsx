import { AudioLines, AudioWaveform, Download, Languages, Upload } from 'lucide-react';
import { EmptyState, type EmptyStateStep } from '../../components/EmptyState.tsx';
import { PanelHeader } from '../../shell/PanelHeader.tsx';
import { PanelProfileFooter } from '../PanelProfileFooter.tsx';
import '../panels.css';

const STEPS: readonly EmptyStateStep[] = [
  { icon: Upload, title: 'Add audio', detail: 'Drop audio files here, or record from your microphone.' },
  { icon: Languages, title: 'Pick the output', detail: 'A transcript, or an English translation.' },
  { icon: AudioWaveform, title: 'Follow along', detail: 'Timestamped segments beside a waveform.' },
  { icon: Download, title: 'Export', detail: 'Save as txt, srt, vtt or json.' },
];

export function TranscribePanel() {
  return (
    <>
      <PanelHeader title="Transcribe" description="Audio in, text out." />
      <EmptyState
        testId="empty-transcribe"
        icon={AudioLines}
        title="Turn speech into text"
        sentence="Drop audio files or record the microphone, and get a transcript or an English translation with timestamps."
        steps={STEPS}
        footer={<PanelProfileFooter />}
      />
    </>
  );
}
