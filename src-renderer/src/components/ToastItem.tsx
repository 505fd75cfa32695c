import { CircleCheck, CircleExclamationPoint, Info, X } from 'lucide-react';
import { Fragment, useEffect } from 'react';
import { useAppStore } from '../store/index.ts';
import type { Toast } from '../store/toasts.ts';
import { commonWords } from './strings.ts';

const TONE_ICONS = { success: CircleCheck, error: CircleExclamationPoint, info: Info } as const;

// Errors stay longer: they usually carry a hint worth reading.
const LIFETIME_MS = { success: 3500, info: 4500, error: 8000 } as const;

export function ToastItem({ toast }: { toast: Toast }) {
  const t = commonWords.useT();
  const dismiss = useAppStore((s) => s.dismissToast);
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(toast.id), LIFETIME_MS[toast.tone]);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.tone, dismiss]);
  const Icon = TONE_ICONS[toast.tone];
  return (
    <div
      className={`toast toast--${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
    >
      <Icon className="toast__icon" size={16} aria-hidden />
      <div className="toast__content">
        <p className="toast__title">{toast.title}</p>
        {toast.detail ? <p className="toast__detail">{withPathBreaks(toast.detail)}</p> : null}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={t('dismiss')}
        onClick={() => dismiss(toast.id)}
      >
        <X size={14} aria-hidden />
      </button>
    </div>
  );
}

/**
 * A detail with a line break allowed after each path separator: a saved file's path wraps at a folder
 * ('…/exports/' | 'Why do lighthouses…') instead of mid-word ('…/Wh' | 'y do…'). The text stays the same.
 */
function withPathBreaks(detail: string): React.ReactNode {
  const pieces = detail.split(/(?<=[/\\])/);
  if (pieces.length === 1) return detail;
  return pieces.map((piece, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed text, never reordered
    <Fragment key={index}>
      {piece}
      {index < pieces.length - 1 ? <wbr /> : null}
    </Fragment>
  ));
}
