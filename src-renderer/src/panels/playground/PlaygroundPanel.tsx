import { Activity, Braces, MessagesSquare, Route, Zap } from 'lucide-react';
import { EmptyState, type EmptyStateStep } from '../../components/EmptyState.tsx';
import { PanelHeader } from '../../shell/PanelHeader.tsx';
import { PanelProfileFooter } from '../PanelProfileFooter.tsx';
import '../panels.css';

const STEPS: readonly EmptyStateStep[] = [
  { icon: Route, title: 'Pick a format', detail: 'Responses, or content generation.' },
  { icon: Zap, title: 'Chat', detail: 'Replies stream in as they are written.' },
  { icon: Activity, title: 'Measure', detail: 'Latency, tokens and speed for every turn.' },
  { icon: Braces, title: 'Inspect', detail: 'The exact request and every streamed event.' },
];

export function PlaygroundPanel() {
  return (
    <>
      <PanelHeader title="Playground" description="Chat with the models on your gateway." />
      <EmptyState
        testId="empty-playground"
        icon={MessagesSquare}
        title="Try any model, see everything"
        sentence="Chat in the Responses or content-generation format, streamed, with metrics and an inspector beside the conversation."
        steps={STEPS}
        footer={<PanelProfileFooter />}
      />
    </>
  );
}
