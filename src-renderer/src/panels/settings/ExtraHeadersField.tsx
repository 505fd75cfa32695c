import { Plus, X } from 'lucide-react';
import { Button, IconButton } from '../../components/Button.tsx';
import { type HeaderRow, newHeaderRow } from './profile-draft.ts';
import { SecretInput } from './SecretInput.tsx';

interface ExtraHeadersFieldProps {
  rows: HeaderRow[];
  errors?: Record<number, string>;
  onChange(rows: HeaderRow[]): void;
}

/** What a row's empty value field stands for: the stored value (by its tail), kept unless replaced. */
function valuePlaceholder(row: HeaderRow): string {
  if (row.stored === null) return 'Value';
  if (!row.stored.hasValue) return 'Empty (kept)';
  return row.stored.valueTail ? `••••${row.stored.valueTail} (kept)` : '•••• (kept)';
}

/**
 * Extra headers sent with every gateway call, as editable name/value rows. Values are secrets like the
 * key: write-only fields, and a stored value is never shown, only kept or replaced.
 */
export function ExtraHeadersField({ rows, errors = {}, onChange }: ExtraHeadersFieldProps) {
  const update = (rowId: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((row) => (row.rowId === rowId ? { ...row, ...patch } : row)));
  return (
    <div className="header-rows" data-testid="extra-headers">
      {rows.map((row, index) => (
        <div key={row.rowId} className="header-rows__row">
          <div className="header-rows__inputs">
            <input
              className="input input--mono header-rows__name"
              aria-label={`Header ${index + 1} name`}
              placeholder="Header name"
              value={row.name}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={errors[row.rowId] ? true : undefined}
              onChange={(event) => update(row.rowId, { name: event.target.value })}
            />
            <SecretInput
              className="header-rows__value"
              aria-label={`Header ${index + 1} value`}
              placeholder={valuePlaceholder(row)}
              title={row.stored ? 'Type a new value to replace the stored one.' : undefined}
              value={row.value}
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
