import { shellWords } from './strings.ts';

/**
 * Stands in for a panel while its code loads. Loading takes a few milliseconds, so nothing shows at
 * first (the area keeps its background); only a load that takes noticeably long fades a word in.
 */
export function PanelLoading({ label }: { label: string }) {
  const t = shellWords.useT();
  return (
    <div
      className="panel-loading"
      role="status"
      aria-label={t('loadingPanel', { panel: label })}
      data-testid="panel-loading"
    >
      <span className="panel-loading__text">{t('loading')}</span>
    </div>
  );
}
