import { ChevronDown, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { CatalogueModel, ModelFamily } from '../../../src-preload/contract.ts';
import { ensureCatalogue } from '../actions/catalogue.ts';
import { useAppStore } from '../store/index.ts';
import { IconButton } from './Button.tsx';
import { commonWords } from './strings.ts';
import './ModelField.css';

interface ModelFieldProps {
  /** The input's id (its label points here). */
  id: string;
  value: string;
  onChange(value: string): void;
  /** The endpoint families a model must speak to be suggested here (models of unknown family are too). */
  families: readonly ModelFamily[];
  disabled?: boolean;
  /**
   * A model name to show as an example while the field is empty, said as one ("e.g. whisper-1"): a bare
   * name in grey read as a model already chosen.
   */
  example?: string;
  /** Whose models to suggest; absent: the active profile's. */
  profileId?: string | undefined;
  'aria-describedby'?: string;
}

/** The active profile's models that fit `families`; all of them when none is known to fit. */
export function suggestModels(models: readonly CatalogueModel[], families: readonly ModelFamily[]) {
  const fitting = models.filter((m) => m.families.some((f) => f === 'unknown' || families.includes(f)));
  return fitting.length > 0 ? fitting : models;
}

const NO_MODELS: readonly CatalogueModel[] = [];

/**
 * Opens the suggestions as Chromium's own arrow would: `showPicker()` also shows a `<datalist>`'s
 * suggestions (Chrome 99+, developer.chrome.com/blog/show-picker), and needs the click's user activation.
 */
function showSuggestions(input: HTMLInputElement | null): void {
  if (!input) return;
  input.focus();
  try {
    input.showPicker();
  } catch {
    // Refused (e.g. no user activation left): the focused field still opens its list on ArrowDown.
  }
}

/**
 * A model name: typed freely, with the gateway's own models as suggestions. Gateways decide which models
 * exist (WIRE.md), so the list helps but never limits.
 */
export function ModelField({
  id,
  value,
  onChange,
  families,
  disabled,
  example,
  profileId: forProfile,
  ...rest
}: ModelFieldProps) {
  const t = commonWords.useT();
  // The profile whose models are suggested: the one given (a comparison's column), else the active one.
  const profileId = useAppStore((s) => forProfile ?? s.settings?.activeProfileId ?? null);
  const profileUpdatedAt = useAppStore(
    (s) => s.settings?.profiles.find((p) => p.id === profileId)?.updatedAt ?? null,
  );
  const catalogue = useAppStore((s) => (profileId ? s.catalogues[profileId] : undefined));
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The profile's version is a dependency: an edited profile (new URL or key) lists its models again.
    if (profileId && profileUpdatedAt) void ensureCatalogue(profileId);
  }, [profileId, profileUpdatedAt]);

  const models = catalogue?.status === 'ready' ? catalogue.models : NO_MODELS;
  const suggestions = suggestModels(models, families);
  const listId = `${id}-models`;
  const statusId = `${id}-models-status`;
  const status =
    catalogue?.status === 'loading'
      ? t('modelField.loading')
      : catalogue?.status === 'failed'
        ? t('modelField.failed', { reason: catalogue.error.message.replace(/[.\s。]+$/, '') })
        : suggestions.length > 0
          ? t('modelField.found', { count: suggestions.length })
          : t('modelField.none');

  return (
    <div className="model-field">
      <div className="model-field__row">
        {/*
          The field and its list arrow are one control, the arrow beside the text rather than inside it:
          Chromium draws its own arrow over the end of the text, so a long model name ran on under it.
        */}
        <div className="model-field__box" data-disabled={disabled || undefined}>
          <input
            ref={input}
            id={id}
            className="model-field__input"
            list={listId}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            disabled={disabled}
            placeholder={example ? t('example', { example }) : t('modelField.placeholder')}
            // A name cut at the arrow can still be read whole.
            title={value || undefined}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={[statusId, rest['aria-describedby']].filter(Boolean).join(' ')}
          />
          <button
            type="button"
            className="model-field__arrow"
            aria-label={t('modelField.showModels')}
            title={t('modelField.showModels')}
            // The field itself opens the list from the keyboard (ArrowDown): one tab stop is enough.
            tabIndex={-1}
            disabled={disabled || suggestions.length === 0}
            onClick={() => showSuggestions(input.current)}
          >
            <ChevronDown size={14} aria-hidden />
          </button>
        </div>
        <IconButton
          icon={RefreshCw}
          label={t('modelField.refresh')}
          size="sm"
          className={catalogue?.status === 'loading' ? 'model-field__refresh--busy' : undefined}
          disabled={!profileId || catalogue?.status === 'loading'}
          onClick={() => profileId && void ensureCatalogue(profileId, { refresh: true })}
        />
      </div>
      <datalist id={listId}>
        {suggestions.map((model) => (
          <option key={model.id} value={model.id}>
            {model.displayName !== model.id ? model.displayName : undefined}
          </option>
        ))}
      </datalist>
      <p id={statusId} className="model-field__status" data-testid={`${id}-status`}>
        {status}
      </p>
    </div>
  );
}
