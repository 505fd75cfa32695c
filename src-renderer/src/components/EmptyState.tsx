import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import './EmptyState.css';

export interface EmptyStateStep {
  icon: LucideIcon;
  title: string;
  detail: string;
}

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  sentence: string;
  steps: readonly EmptyStateStep[];
  footer?: ReactNode;
  testId?: string;
}

/** What a panel will do, shown before it has anything to show: an icon, one sentence, the steps. */
export function EmptyState({ icon: Icon, title, sentence, steps, footer, testId }: EmptyStateProps) {
  return (
    <section className="card empty-state" data-testid={testId}>
      <div className="empty-state__hero">
        <span className="empty-state__icon" aria-hidden>
          <Icon size={26} strokeWidth={1.75} />
        </span>
        <h2 className="empty-state__title">{title}</h2>
        <p className="empty-state__sentence">{sentence}</p>
      </div>
      <ol className="empty-state__steps">
        {steps.map((step, index) => (
          <li key={step.title} className="empty-state__step">
            <span className="empty-state__step-icon" aria-hidden>
              <step.icon size={16} />
            </span>
            <div className="empty-state__step-text">
              <p className="empty-state__step-title">
                <span className="empty-state__step-number">{index + 1}</span>
                {step.title}
              </p>
              <p className="empty-state__step-detail">{step.detail}</p>
            </div>
          </li>
        ))}
      </ol>
      {footer ? <div className="empty-state__footer">{footer}</div> : null}
    </section>
  );
}
