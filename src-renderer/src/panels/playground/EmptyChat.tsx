import { Activity, Braces, FoldVertical, MessagesSquare } from 'lucide-react';
import { setDraft } from '../../actions/playground.ts';
import { useAppStore } from '../../store/index.ts';
import { PanelProfileFooter } from '../PanelProfileFooter.tsx';
import { chatWords } from './chat-strings.ts';
import { focusComposer } from './composer-focus.ts';
import { setupLine } from './labels.ts';

/** Starting points that show off what a reply can hold: a table, code, structured output, a rewrite. */
const STARTERS = ['table', 'code', 'structured', 'tighten'] as const;

/** What the Playground adds, under the starters. */
const TIPS = [
  { icon: Activity, key: 'metrics' },
  { icon: Braces, key: 'inspect' },
  { icon: FoldVertical, key: 'compact' },
] as const;

/** A new chat: what it will use, a few prompts to start from, and what the Playground adds. */
export function EmptyChat({ conversationId }: { conversationId: string }) {
  const t = chatWords.useT();
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
          <h2 className="title-xl">{t('empty.title')}</h2>
          <p className="pg-empty__setup" data-testid="empty-setup">
            {setup}
          </p>
        </div>
        <fieldset className="pg-empty__starters">
          <legend className="visually-hidden">{t('empty.starters')}</legend>
          {STARTERS.map((starter) => {
            const prompt = t(`empty.starter.${starter}.prompt`);
            return (
              <button
                key={starter}
                type="button"
                className="pg-starter"
                onClick={() => start(prompt)}
                data-testid="starter-prompt"
              >
                <span className="pg-starter__title">{t(`empty.starter.${starter}.title`)}</span>
                <span className="pg-starter__prompt">{prompt.trim()}</span>
              </button>
            );
          })}
        </fieldset>
        <ul className="pg-empty__tips">
          {TIPS.map((tip) => (
            <li key={tip.key} className="pg-empty__tip">
              <tip.icon size={14} aria-hidden />
              {t(`empty.tips.${tip.key}`)}
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
