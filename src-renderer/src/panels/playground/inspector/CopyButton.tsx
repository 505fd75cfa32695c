import { Check, Copy, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toastError, toastSuccess } from '../../../actions/feedback.ts';
import { Button, IconButton } from '../../../components/Button.tsx';
import { inspectorWords } from './strings.ts';

/** How long a copy button shows its check mark. */
const COPIED_MS = 1500;

interface CopyButtonProps {
  /** The text is worked out only on click: a curl command or a log is not worth building on every render. */
  text: () => string;
  /** The button's words; with `iconOnly` its tooltip and accessible name. */
  label: string;
  /** The toast's title and detail once copied. */
  copied: string;
  copiedDetail?: string;
  icon?: LucideIcon;
  iconOnly?: boolean;
  variant?: 'secondary' | 'ghost';
  disabled?: boolean;
  testId?: string;
}

/** A button that puts text on the clipboard and says so: a check mark on itself and a toast. */
export function CopyButton({
  text,
  label,
  copied,
  copiedDetail,
  icon = Copy,
  iconOnly = false,
  variant = 'ghost',
  disabled,
  testId,
}: CopyButtonProps) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => setDone(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setDone(true);
      toastSuccess(copied, copiedDetail);
    } catch {
      toastError({
        code: 'internal',
        message: inspectorWords.t('copy.failed'),
        hint: inspectorWords.t('copy.failedHint'),
      });
    }
  };

  const shownIcon = done ? Check : icon;
  if (iconOnly) {
    return (
      <IconButton
        icon={shownIcon}
        label={label}
        size="sm"
        onClick={() => void copy()}
        disabled={disabled}
        data-testid={testId}
        className={done ? 'inspector-copied' : undefined}
      />
    );
  }
  return (
    <Button
      icon={shownIcon}
      size="sm"
      variant={variant}
      onClick={() => void copy()}
      disabled={disabled}
      data-testid={testId}
      className={done ? 'inspector-copied' : undefined}
    >
      {label}
    </Button>
  );
}
