import type { LucideIcon } from 'lucide-react';
import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import './Callout.css';

export type CalloutTone = 'info' | 'warning' | 'error' | 'success';

const TONE_ICONS: Record<CalloutTone, LucideIcon> = {
  info: Info,
  warning: TriangleExclamationPoint,
  error: CircleExclamationPoint,
  success: CircleCheck,
};

interface CalloutProps {
  tone: CalloutTone;
  title?: string;
  children?: ReactNode;
  /** Buttons at the end of the callout (dismiss, a fix). */
  actions?: ReactNode;
  compact?: boolean;
  testId?: string;
  role?: 'alert' | 'status';
}

export function Callout({ tone, title, children, actions, compact = false, testId, role }: CalloutProps) {
  const Icon = TONE_ICONS[tone];
  return (
    <div
      className={`callout callout--${tone}${compact ? ' callout--compact' : ''}`}
      data-testid={testId}
      role={role}
    >
      <Icon className="callout__icon" size={compact ? 14 : 16} aria-hidden />
      <div className="callout__content">
        {title ? <p className="callout__title">{title}</p> : null}
        {children ? <div className="callout__text">{children}</div> : null}
      </div>
      {actions ? <div className="callout__actions">{actions}</div> : null}
    </div>
  );
}
