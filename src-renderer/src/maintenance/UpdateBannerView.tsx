// What the update banner shows: "Version X is available — Download / Later", the download's progress,
// "Restart now / Later", and the outcome of a check the user asked for. Loaded only once there is something
// to show (./UpdateBanner.tsx decides, with ./update-visibility.ts).
import { Download, RefreshCw, X } from 'lucide-react';
import type { UpdateState } from '../../../src-preload/contract.ts';
import { Button, IconButton } from '../components/Button.tsx';
import { Callout, type CalloutTone } from '../components/Callout.tsx';
import type { Translate } from '../i18n/index.ts';
import { APP_NAME } from '../shell/strings.ts';
import { type UpdateCatalogue, updateWords } from './strings.ts';

import { shouldShowUpdate } from './update-visibility.ts';
import './UpdateBanner.css';

export interface UpdateBannerActions {
  /** Checks again (after a check that failed). */
  check(): void;
  download(): void;
  restart(): void;
  /** Hides the banner until main reports something new ("Later", or the close button). */
  dismiss(): void;
}

interface Shown {
  tone: CalloutTone;
  text: string;
  detail?: string;
  progress?: number;
  actions: 'offer' | 'restart' | 'retry' | 'dismiss' | 'none';
}

/** What the banner shows for a state; `null`: nothing. */
export function bannerFor(state: UpdateState, t: Translate<UpdateCatalogue>): Shown | null {
  if (!shouldShowUpdate(state)) return null;
  const version = { app: APP_NAME, version: state.version ?? '' };
  switch (state.status) {
    case 'checking':
      return { tone: 'info', text: t('checking'), actions: 'none' };
    case 'available':
      return { tone: 'info', text: t('available', version), actions: 'offer' };
    case 'downloading':
      return {
        tone: 'info',
        text: t('downloading', version),
        progress: state.percent ?? 0,
        actions: 'none',
      };
    case 'downloaded':
      return {
        tone: 'success',
        text: t('downloaded', version),
        detail: t('downloadedDetail'),
        actions: 'restart',
      };
    case 'not-available':
      return state.userInitiated
        ? {
            tone: 'success',
            text: t('upToDate', { app: APP_NAME, version: state.currentVersion }),
            actions: 'dismiss',
          }
        : null;
    case 'error':
      return state.userInitiated ? { tone: 'error', text: state.message ?? '', actions: 'retry' } : null;
    default:
      return null;
  }
}

export function UpdateBannerView({ state, actions }: { state: UpdateState; actions: UpdateBannerActions }) {
  const t = updateWords.useT();
  const shown = bannerFor(state, t);
  if (!shown) return null;
  const later = (
    <Button variant="ghost" size="sm" onClick={actions.dismiss}>
      {t('later')}
    </Button>
  );
  const close = <IconButton icon={X} label={t('dismiss')} size="sm" onClick={actions.dismiss} />;
  const buttons =
    shown.actions === 'offer' ? (
      <>
        <Button variant="primary" size="sm" icon={Download} onClick={actions.download}>
          {t('download')}
        </Button>
        {later}
      </>
    ) : shown.actions === 'restart' ? (
      <>
        <Button variant="primary" size="sm" icon={RefreshCw} onClick={actions.restart}>
          {t('restart')}
        </Button>
        {later}
      </>
    ) : shown.actions === 'retry' ? (
      <>
        <Button size="sm" onClick={state.version ? actions.download : actions.check}>
          {t('retry')}
        </Button>
        {close}
      </>
    ) : shown.actions === 'dismiss' ? (
      close
    ) : null;
  return (
    <div className="update-banner" data-testid="update-banner" data-status={state.status}>
      <Callout
        tone={shown.tone}
        compact
        role={shown.tone === 'error' ? 'alert' : 'status'}
        actions={buttons ?? undefined}
      >
        <span className="update-banner__text">{shown.text}</span>
        {shown.detail ? <span className="update-banner__detail"> {shown.detail}</span> : null}
        {shown.progress !== undefined ? (
          <span className="update-banner__progress">
            <progress max={100} value={shown.progress} aria-label={t('progressLabel')} />
            <span className="update-banner__percent">{shown.progress}%</span>
          </span>
        ) : null}
      </Callout>
    </div>
  );
}
