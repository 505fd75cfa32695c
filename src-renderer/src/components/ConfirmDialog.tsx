import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { commonWords } from './strings.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  icon?: LucideIcon;
  confirmLabel: string;
  tone?: 'danger' | 'default';
  children: ReactNode;
  /** Runs the action; the dialog stays open (busy) until it settles and closes only if it succeeded. */
  onConfirm(): Promise<boolean>;
  onClose(): void;
  testId?: string;
}

export function ConfirmDialog({
  open,
  title,
  icon,
  confirmLabel,
  tone = 'danger',
  children,
  onConfirm,
  onClose,
  testId,
}: ConfirmDialogProps) {
  const t = commonWords.useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await onConfirm();
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Dialog
      open={open}
      title={title}
      icon={icon}
      tone={tone}
      onClose={() => !busy && onClose()}
      testId={testId}
      actions={
        <>
          {/* A destructive dialog opens with Cancel focused, so a stray Enter does no harm. */}
          <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus={tone === 'danger'}>
            {t('cancel')}
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={confirm}
            busy={busy}
            autoFocus={tone !== 'danger'}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
