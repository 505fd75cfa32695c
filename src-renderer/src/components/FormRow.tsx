import { CircleExclamationPoint, TriangleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import './FormRow.css';

interface FormRowProps {
  /** The id of the control; its label points at it and its messages are `${controlId}-help`. */
  controlId: string;
  label: string;
  description?: ReactNode;
  error?: string | null;
  warnings?: readonly string[];
  children: ReactNode;
  /** For groups of controls (radios, header rows) the label names a fieldset-like group. */
  asGroup?: boolean;
}

/** A label column and a control column; stacks when its container is narrow. */
export function FormRow({
  controlId,
  label,
  description,
  error,
  warnings = [],
  children,
  asGroup,
}: FormRowProps) {
  const helpId = `${controlId}-help`;
  // A group of controls (radios, header rows) is named by the row's label.
  const groupProps = asGroup ? { role: 'group', 'aria-labelledby': `${controlId}-label` } : {};
  return (
    <div className="form-row" {...groupProps}>
      <div className="form-row__label">
        {asGroup ? (
          <span id={`${controlId}-label`} className="form-row__title">
            {label}
          </span>
        ) : (
          <label htmlFor={controlId} className="form-row__title">
            {label}
          </label>
        )}
      </div>
      <div className="form-row__control">
        {children}
        <div id={helpId} className="form-row__messages">
          {error ? (
            <p className="form-row__error" data-testid={`${controlId}-error`}>
              <CircleExclamationPoint size={13} aria-hidden />
              {error}
            </p>
          ) : null}
          {warnings.map((warning) => (
            <p key={warning} className="form-row__warning" data-testid={`${controlId}-warning`}>
              <TriangleExclamationPoint size={13} aria-hidden />
              {warning}
            </p>
          ))}
          {description ? <p className="form-row__description">{description}</p> : null}
        </div>
      </div>
    </div>
  );
}
