import { Plus, X } from 'lucide-react';
import { Button, IconButton } from '../../components/Button.tsx';
import { type HeaderRow, newHeaderRow } from './profile-draft.ts';
import { SecretInput } from './SecretInput.tsx';
import { settingsWords } from './strings.ts';

interface ExtraHeadersFieldProps {
  rows: HeaderRow[];
  errors?: Record<number, string>;
  onChange(rows: HeaderRow[]): void;
}

/** What a row's empty value field stands for: the stored value (by its tail), kept unless replaced. */
function valuePlaceholder(row: HeaderRow): string {
  const { t } = settingsWords;
  if (row.stored === null) return t('headers.value');
  if (!row.stored.hasValue) return t('headers.emptyKept');
  return row.stored.valueTail
    ? t('headers.tailKept', { tail: row.stored.valueTail })
    : t('headers.maskedKept');
}

/**
 * Extra headers sent with every gateway call, as editable name/value rows. Values are secrets like the
 * key: write-only fields, and a stored value is never shown, only kept or replaced.
 */
export function ExtraHeadersField({ rows, errors = {}, onChange }: ExtraHeadersFieldProps) {
  const t = settingsWords.useT();
  const update = (rowId: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((row) => (row.rowId === rowId ? { ...row, ...patch } : row)));
  return (
    <div className="header-rows" data-testid="extra-headers">
      {rows.map((row, index) => (
        <div key={row.rowId} className="header-rows__row">
          <div className="header-rows__inputs">
            <input
              className="input input--mono header-rows__name"
              aria-label={t('headers.nameLabel', { number: index + 1 })}
              placeholder={t('headers.namePlaceholder')}
              value={row.name}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={errors[row.rowId] ? true : undefined}
              onChange={(event) => update(row.rowId, { name: event.target.value })}
            />
            <SecretInput
              className="header-rows__value"
              aria-label={t('headers.valueLabel', { number: index + 1 })}
              placeholder={valuePlaceholder(row)}
              title={row.stored ? t('headers.replaceStored') : undefined}
              value={row.value}
              onChange={(event) => update(row.rowId, { value: event.target.value })}
            />
            <IconButton
              icon={X}
              label={t('headers.remove', { number: index + 1 })}
              onClick={() => onChange(rows.filter((r) => r.rowId !== row.rowId))}
            />
          </div>
          {errors[row.rowId] ? <p className="header-rows__error">{errors[row.rowId]}</p> : null}
        </div>
      ))}
      <div>
        <Button size="sm" variant="ghost" icon={Plus} onClick={() => onChange([...rows, newHeaderRow()])}>
          {t('headers.add')}
        </Button>
      </div>
    </div>
  );
}
