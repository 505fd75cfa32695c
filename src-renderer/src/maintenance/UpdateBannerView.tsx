// What the update banner shows: "Version X is available — Download / Later", the download's progress,
// "Restart now / Later", and the outcome of a check the user asked for. Loaded only once there is something
// to show (./UpdateBanner.tsx decides, with ./update-visibility.ts).
import { Download, RefreshCw, X } from 'lucide-react';
import type { UpdateState } from '../../../src-preload/contract.ts';
import { Button, IconButton } from '../components/Button.tsx';
import { Callout, type CalloutTone } from '../components/Callout.tsx';
import { UPDATE_TEXT } from './update-text.ts';
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
export function bannerFor(state: UpdateState): Shown | null {
  if (!shouldShowUpdate(state)) return null;
  const version = state.version ?? '';
  switch (state.status) {
    case 'checking':
      return { tone: 'info', text: UPDATE_TEXT.checking, actions: 'none' };
    case 'available':
      return { tone: 'info', text: UPDATE_TEXT.available(version), actions: 'offer' };
    case 'downloading':
      return {
        tone: 'info',
        text: UPDATE_TEXT.downloading(version),
        progress: state.percent ?? 0,
        actions: 'none',
      };
    case 'downloaded':
      return {
        tone: 'success',
        text: UPDATE_TEXT.downloaded(version),
        detail: UPDATE_TEXT.downloadedDetail,
        actions: 'restart',
      };
    case 'not-available':
      return state.userInitiated
        ? { tone: 'success', text: UPDATE_TEXT.upToDate(state.currentVersion), actions: 'dismiss' }
        : null;
    case 'error':
      return state.userInitiated ? { tone: 'error', text: state.message ?? '', actions: 'retry' } : null;
    default:
      return null;
  }
}

export function UpdateBannerView({ state, actions }: { state: UpdateState; actions: UpdateBannerActions }) {
  const shown = bannerFor(state);
  if (!shown) return null;
  const later = (
    <Button variant="ghost" size="sm" onClick={actions.dismiss}>
      {UPDATE_TEXT.later}
    </Button>
  );
  const close = <IconButton icon={X} label={UPDATE_TEXT.dismiss} size="sm" onClick={actions.dismiss} />;
  const buttons =
    shown.actions === 'offer' ? (
      <>
        <Button variant="primary" size="sm" icon={Download} onClick={actions.download}>
          {UPDATE_TEXT.download}
        </Button>
        {later}
      </>
    ) : shown.actions === 'restart' ? (
      <>
        <Button variant="primary" size="sm" icon={RefreshCw} onClick={actions.restart}>
          {UPDATE_TEXT.restart}
        </Button>
        {later}
      </>
    ) : shown.actions === 'retry' ? (
      <>
        <Button size="sm" onClick={state.version ? actions.download : actions.check}>
          {UPDATE_TEXT.retry}
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
            <progress max={100} value={shown.progress} aria-label={UPDATE_TEXT.progressLabel} />
            <span className="update-banner__percent">{shown.progress}%</span>
          </span>
        ) : null}
      </Callout>
    </div>
  );
}
