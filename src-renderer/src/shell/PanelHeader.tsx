import type { ReactNode } from 'react';

/** The title row every panel starts with. */
export function PanelHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
}) {
  return (
    <header className="panel-header">
      <div className="panel-header__text">
        <h1 className="title-xl" tabIndex={-1}>
          {title}
        </h1>
        <p className="panel-header__description">{description}</p>
      </div>
      {actions ? <div className="panel-header__actions">{actions}</div> : null}
    </header>
  );
}
