// The pieces every field of the Parameters panel is built from: a labelled parameter and a checkbox with its note.
import type { ReactNode } from 'react';

/** A parameter: its label (marked when set, so what will be sent shows at a glance), an aside, the field. */
export function Param({
  id,
  label,
  set,
  children,
  aside,
  className,
}: {
  id: string;
  label: string;
  set: boolean;
  children: ReactNode;
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <div className={['pg-param', set ? 'pg-param--set' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="pg-param__head">
        <label htmlFor={id} className="pg-param__label">
          {label}
        </label>
        {aside}
      </div>
      {children}
    </div>
  );
}

export function Check({
  checked,
  disabled,
  onChange,
  label,
  note,
  title,
  testId,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
  label: ReactNode;
  note: string;
  /** Why it is as it is, at more length than the note (a tooltip). */
  title?: string;
  testId: string;
}) {
  return (
    <label className={`pg-check${disabled ? ' pg-check--disabled' : ''}`} title={title}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      <span className="pg-check__text">
        <span className="pg-check__label">{label}</span>
        <span className="pg-check__note">{note}</span>
      </span>
    </label>
  );
}
