import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import './Dialog.css';

interface DialogProps {
  open: boolean;
  title: string;
  icon?: LucideIcon;
  tone?: 'default' | 'danger' | 'warning';
  /** Called for Esc, a click on the backdrop, and the dialog's own cancel buttons. */
  onClose(): void;
  children: ReactNode;
  actions: ReactNode;
  testId?: string;
}

/**
 * A modal built on the native <dialog>: the browser traps focus, makes the rest of the page inert and
 * turns Esc into a `cancel` event, which is routed to `onClose` so React state stays the one truth.
 */
export function Dialog({
  open,
  title,
  icon: Icon,
  tone = 'default',
  onClose,
  children,
  actions,
  testId,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Esc, which the dialog already handles
    <dialog
      ref={ref}
      className={`dialog dialog--${tone}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog__panel">
          <div className="dialog__header">
            {Icon ? (
              <span className="icon-tile dialog__icon" aria-hidden>
                <Icon size={18} />
              </span>
            ) : null}
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
          </div>
          <div id={bodyId} className="dialog__body">
            {children}
          </div>
          <div className="dialog__actions">{actions}</div>
        </div>
      ) : null}
    </dialog>
  );
}
