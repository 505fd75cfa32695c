import { Plus, X } from 'lucide-react';
import { Button, IconButton } from '../../components/Button.tsx';
import { type HeaderRow, newHeaderRow } from './profile-draft.ts';

interface ExtraHeadersFieldProps {
  rows: HeaderRow[];
  errors?: Record<number, string>;
  onChange(rows: HeaderRow[]): void;
}

/** Extra headers sent with every gateway call, as editable name/value rows. */
export function ExtraHeadersField({ rows, errors = {}, onChange }: ExtraHeadersFieldProps) {
  const update = (rowId: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((row) => (row.rowId === rowId ? { ...row, ...patch } : row)));
  return (
    <div className="header-rows" data-testid="extra-headers">
      {rows.map((row, index) => (
        <div key={row.rowId} className="header-rows__row">
          <div className="header-rows__inputs">
            <input
              className="input input--mono"
              aria-label={`Header ${index + 1} name`}
              placeholder="Header name"
              value={row.name}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={errors[row.rowId] ? true : undefined}
              onChange={(event) => update(row.rowId, { name: event.target.value })}
            />
            <input
              className="input input--mono"
              aria-label={`Header ${index + 1} value`}
              placeholder="Value"
              value={row.value}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => update(row.rowId, { value: event.target.value })}
            />
            <IconButton
              icon={X}
              label={`Remove header ${index + 1}`}
              onClick={() => onChange(rows.filter((r) => r.rowId !== row.rowId))}
            />
          </div>
          {errors[row.rowId] ? <p className="header-rows__error">{errors[row.rowId]}</p> : null}
        </div>
      ))}
      <div>
        <Button size="sm" variant="ghost" icon={Plus} onClick={() => onChange([...rows, newHeaderRow()])}>
          Add header
        </Button>
      </div>
    </div>
  );
}
