import type { ReactNode } from 'react';

/** A titled card in the settings editor. */
export function SettingsSection({
  title,
  description,
  actions,
  children,
  testId,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="card settings-section" data-testid={testId} aria-label={title}>
      <header className="settings-section__header">
        <div>
          <h3 className="settings-section__title">{title}</h3>
          {description ? <p className="settings-section__description">{description}</p> : null}
        </div>
        {actions ? <div className="settings-section__actions">{actions}</div> : null}
      </header>
      <div className="settings-section__body">{children}</div>
    </section>
  );
}
