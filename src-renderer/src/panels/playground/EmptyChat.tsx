import { Activity, Braces, FoldVertical, MessagesSquare } from 'lucide-react';
import { setDraft } from '../../actions/playground.ts';
import { useAppStore } from '../../store/index.ts';
import { PanelProfileFooter } from '../PanelProfileFooter.tsx';
import { focusComposer } from './composer-focus.ts';
import { setupLine } from './labels.ts';

/** Starting points that show off what a reply can hold: a table, code, structured output, a rewrite. */
const STARTERS = [
  {
    title: 'Compare in a table',
    prompt: 'Compare TCP and UDP in a table: reliability, ordering, speed and typical uses.',
  },
  {
    title: 'Write code',
    prompt:
      'Write a TypeScript debounce function with a short usage example, and explain it in two sentences.',
  },
  {
    title: 'Structured output',
    prompt: 'Reply only with JSON: three fictional users, each with name, email and age.',
  },
  {
    title: 'Tighten a text',
    prompt: 'Rewrite this paragraph to be clearer and half as long:\n\n',
  },
] as const;

const TIPS = [
  { icon: Activity, text: 'Metrics under every reply: tokens, time to first token, tokens per second.' },
  { icon: Braces, text: 'Inspect any reply: the exact request, every streamed event, a curl command.' },
  {
    icon: FoldVertical,
    text: 'Compact a long Responses conversation into a summary the next turn builds on.',
  },
] as const;

/** A new chat: what it will use, a few prompts to start from, and what the Playground adds. */
export function EmptyChat({ conversationId }: { conversationId: string }) {
  const setup = useAppStore((s) => {
    const conversation = s.playground.open[conversationId];
    return conversation ? setupLine(conversation) : '';
  });
  const start = (prompt: string) => {
    setDraft(conversationId, prompt);
    focusComposer();
  };
  return (
    <div className="pg-messages pg-messages--empty">
      <section className="pg-empty" data-testid="empty-playground">
        <div className="pg-empty__hero">
          <span className="icon-tile pg-empty__icon" aria-hidden>
            <MessagesSquare size={22} strokeWidth={1.75} />
          </span>
          <h2 className="title-xl">Try any model, see everything</h2>
          <p className="pg-empty__setup" data-testid="empty-setup">
            {setup}
          </p>
        </div>
        <fieldset className="pg-empty__starters">
          <legend className="visually-hidden">Start from an example</legend>
          {STARTERS.map((starter) => (
            <button
              key={starter.title}
              type="button"
              className="pg-starter"
              onClick={() => start(starter.prompt)}
              data-testid="starter-prompt"
            >
              <span className="pg-starter__title">{starter.title}</span>
              <span className="pg-starter__prompt">{starter.prompt.trim()}</span>
            </button>
          ))}
        </fieldset>
        <ul className="pg-empty__tips">
          {TIPS.map((tip) => (
            <li key={tip.text} className="pg-empty__tip">
              <tip.icon size={14} aria-hidden />
              {tip.text}
            </li>
          ))}
        </ul>
        <div className="pg-empty__footer">
          <PanelProfileFooter />
        </div>
      </section>
    </div>
  );
}
