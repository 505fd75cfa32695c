import { ArrowUp } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { comparisonSendProblem, sendToAll } from '../../../actions/compare.ts';
import { setDraft, stopComparison } from '../../../actions/playground.ts';
import { Button } from '../../../components/Button.tsx';
import { MOD_KEY_LABEL } from '../../../components/Kbd.tsx';
import { StopIcon } from '../../../components/StopIcon.tsx';
import { Rich } from '../../../i18n/rich.tsx';
import { useAppStore } from '../../../store/index.ts';
import { isSendKey, sendKeyNames } from '../send-keys.ts';
import { useAutoGrow } from '../useAutoGrow.ts';
import { compareWords } from './strings.ts';

const MAX_LINES = 6;

/** The one prompt box of a comparison: it sends to every column at once; while they answer, Stop all. */
export function CompareComposer({ comparisonId, streaming }: { comparisonId: string; streaming: boolean }) {
  const t = compareWords.useT();
  const draft = useAppStore((s) => s.playground.drafts[comparisonId] ?? '');
  const enterSends = useAppStore((s) => s.prefs.playground.enterSends);
  // Read as the store stands: a column's model or a reply's end changes what may be sent.
  const problem = useAppStore(() => comparisonSendProblem(comparisonId, draft));
  const grow = useAutoGrow(MAX_LINES);
  const { send: sendKey, lineBreak } = sendKeyNames(enterSends);
  const send = () => {
    if (problem === null) sendToAll(comparisonId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event, enterSends)) return;
    event.preventDefault();
    send();
  };
  return (
    <div className="pg-composer pg-compare__composer">
      <div className="pg-composer__box" data-testid="compare-composer">
        <label htmlFor={`compare-${comparisonId}`} className="visually-hidden">
          {t('composer.label')}
        </label>
        <textarea
          id={`compare-${comparisonId}`}
          ref={grow}
          className="pg-composer__input"
          rows={1}
          value={draft}
          placeholder={t('composer.placeholder')}
          onChange={(event) => setDraft(comparisonId, event.target.value)}
          onKeyDown={onKeyDown}
          spellCheck
          aria-describedby={`compare-${comparisonId}-keys`}
          data-testid="compare-input"
        />
        <div className="pg-composer__bar">
          <p id={`compare-${comparisonId}-keys`} className="pg-composer__keys">
            <Rich
              words={compareWords}
              k={streaming ? 'composer.keysStreaming' : 'composer.keys'}
              values={{ send: sendKey, lineBreak }}
              components={{ kbd: <kbd /> }}
            />
          </p>
          {streaming ? (
            <Button
              size="sm"
              variant="secondary"
              icon={StopIcon}
              onClick={() => stopComparison(comparisonId)}
              title={t('composer.stopTitle')}
              data-testid="compare-stop"
            >
              {t('composer.stopAll')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="primary"
              icon={ArrowUp}
              disabled={problem !== null}
              title={problem ?? t('composer.sendTitle', { send: sendKey, mod: MOD_KEY_LABEL })}
              onClick={send}
              data-testid="compare-send"
            >
              {t('composer.sendAll')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
