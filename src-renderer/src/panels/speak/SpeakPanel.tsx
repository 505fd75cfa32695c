import { AudioWaveform, Save, SlidersHorizontal, Speech, Type } from 'lucide-react';
import { EmptyState, type EmptyStateStep } from '../../components/EmptyState.tsx';
import { PanelHeader } from '../../shell/PanelHeader.tsx';
import { PanelProfileFooter } from '../PanelProfileFooter.tsx';
import '../panels.css';

const STEPS: readonly EmptyStateStep[] = [
  { icon: Type, title: 'Write', detail: 'Type or paste up to 4,096 characters.' },
  { icon: SlidersHorizontal, title: 'Choose a voice', detail: 'Model, voice, format and speed.' },
  { icon: AudioWaveform, title: 'Listen', detail: 'Play it back with its waveform.' },
  { icon: Save, title: 'Save', detail: 'Keep the audio file wherever you like.' },
];

export function SpeakPanel() {
  return (
    <>
      <PanelHeader title="Speak" description="Text in, speech out." />
      <EmptyState
        testId="empty-speak"
        icon={Speech}
        title="Turn text into speech"
        sentence="Type text, choose a model, voice, format and speed, then hear it with a waveform and save it."
        steps={STEPS}
        footer={<PanelProfileFooter />}
      />
    </>
  );
}
