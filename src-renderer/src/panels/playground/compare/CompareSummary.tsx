import { Gauge, Timer, Zap } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import type { AssistantMessage, ReplyState } from '../../../../../src-preload/contract.ts';
import { formatElapsed } from '../../../i18n/format.ts';
import { useAppStore } from '../../../store/index.ts';
import { comparisonBests, lastReply, totalTokens } from '../comparison-edits.ts';
import { formatCount, formatSpeed } from '../labels.ts';
import { compareWords } from './strings.ts';

/** What the summary says of a reply that is not finished: arriving, stopped or failed. */
const UNFINISHED_WORDS: Readonly<Record<ReplyState, Parameters<typeof compareWords.t>[0] | null>> = {
  streaming: 'summary.arriving',
  stopped: 'summary.stopped',
  error: 'summary.failed',
  done: null,
};

/**
 * The columns' last replies measured side by side, one cell under each column: time to first token,
 * output rate, tokens in and out, total time. The fastest first token, the fastest rate and the fewest
 * tokens are marked (among finished replies, where at least two columns can be compared).
 */
export function CompareSummary({ columnIds }: { columnIds: readonly string[] }) {
  const t = compareWords.useT();
  // Compared reply by reply: a column's new token re-renders this row, another column's reply does not.
  const replies = useAppStore(
    useShallow((s) =>
      columnIds.map((id) => {
        const column = s.playground.open[id];
        return column ? lastReply(column) : null;
      }),
    ),
  );
  if (!replies.some(Boolean)) return null;
  const bests = comparisonBests(replies);
  return (
    <section
      className="pg-compare__summary"
      aria-label={t('summary.name')}
      style={{ '--compare-columns': columnIds.length } as React.CSSProperties}
      data-testid="compare-summary"
    >
      {replies.map((reply, index) => (
        <div key={columnIds[index]} className="pg-compare__cell" data-testid="compare-summary-cell">
          <span className="visually-hidden">{t('summary.column', { n: index + 1 })}</span>
          {reply === null ? (
            <span className="pg-compare__none">{t('summary.noReply')}</span>
          ) : (
            <CellFigures reply={reply} index={index} bests={bests} />
          )}
        </div>
      ))}
    </section>
  );
}

function CellFigures({
  reply,
  index,
  bests,
}: {
  reply: AssistantMessage;
  index: number;
  bests: ReturnType<typeof comparisonBests>;
}) {
  const t = compareWords.useT();
  const { metrics, usage } = reply;
  const tokens = totalTokens(reply);
  const count = (value: number | null | undefined) => (value == null ? '—' : formatCount(value));
  // Said on the Total line (a total that is not one yet, or not of a whole reply), so that every column's
  // figures stay on the same lines as its neighbours'.
  const stateWord = UNFINISHED_WORDS[reply.state];
  return (
    <dl className="pg-compare__figures">
      <Figure
        term={t('summary.ttft')}
        title={t('summary.ttftTitle')}
        value={metrics.ttftMs === null ? '—' : formatElapsed(metrics.ttftMs)}
        best={bests.ttft === index ? 'fastest' : null}
        icon={Timer}
        testId="summary-ttft"
      />
      <Figure
        term={t('summary.speed')}
        title={t('summary.speedTitle')}
        value={
          metrics.tokensPerSecond === null
            ? '—'
            : t('summary.speedValue', { rate: formatSpeed(metrics.tokensPerSecond) })
        }
        best={bests.rate === index ? 'fastest' : null}
        icon={Zap}
        testId="summary-rate"
      />
      <Figure
        term={t('summary.tokens')}
        title={t('summary.tokensTitle', { total: count(tokens) })}
        value={t('summary.tokensValue', {
          input: count(usage?.inputTokens),
          output: count(usage?.outputTokens),
        })}
        best={bests.tokens === index ? 'fewest' : null}
        icon={Gauge}
        testId="summary-tokens"
      />
      <Figure
        term={t('summary.total')}
        title={t('summary.totalTitle')}
        value={metrics.totalMs === null ? '—' : formatElapsed(metrics.totalMs)}
        best={null}
        icon={Timer}
        testId="summary-total"
        state={stateWord ? { word: t(stateWord), kind: reply.state } : null}
      />
    </dl>
  );
}

interface FigureProps {
  term: string;
  title: string;
  value: string;
  /** How it is best among the columns, or `null`. */
  best: 'fastest' | 'fewest' | null;
  icon: typeof Timer;
  testId: string;
  /** How the reply stands when it is not finished (arriving, stopped, failed), said after the value. */
  state?: { word: string; kind: ReplyState } | null;
}

function Figure({ term, title, value, best, icon: Icon, testId, state }: FigureProps) {
  const t = compareWords.useT();
  const bestWord = best ? t(best === 'fastest' ? 'summary.fastest' : 'summary.fewest') : null;
  return (
    <div
      className={`pg-compare__figure${best ? ' pg-compare__figure--best' : ''}`}
      data-testid={testId}
      data-best={best ? true : undefined}
    >
      <dt>{term}</dt>
      <dd
        title={
          bestWord
            ? t('summary.figureTitleBest', { title, value, best: bestWord })
            : t('summary.figureTitle', { title, value })
        }
      >
        {value}
        {best ? (
          <span className="pg-compare__best">
            <Icon size={11} aria-hidden />
            {bestWord}
          </span>
        ) : null}
        {state ? (
          <span className={`pg-compare__state pg-compare__state--${state.kind}`}>{state.word}</span>
        ) : null}
      </dd>
    </div>
  );
}
