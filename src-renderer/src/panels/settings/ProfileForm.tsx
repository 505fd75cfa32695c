import { ChevronRight } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { AppError, ProfileView } from '../../../../src-preload/contract.ts';
import { apiKeyProblem } from '../../../../src-preload/profile-field-rules.ts';
import { createProfile, updateProfile } from '../../actions/profiles.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { FormRow } from '../../components/FormRow.tsx';
import { useAppStore } from '../../store/index.ts';
import { selectEncryption } from '../../store/settings.ts';
import { focusWhenReady } from '../../util/focus.ts';
import { ExtraHeadersField } from './ExtraHeadersField.tsx';
import { KeyHeaderField } from './KeyHeaderField.tsx';
import { ProxyField } from './ProxyField.tsx';
import {
  advancedSummary,
  draftFromProfile,
  emptyDraft,
  fieldsFromDraft,
  hasErrors,
  isDraftChanged,
  type ProfileDraft,
  usesAdvancedFields,
  validateDraft,
} from './profile-draft.ts';
import {
  isProxyDraftChanged,
  type ProxyDraft,
  proxyDraftFrom,
  proxyDraftProblem,
  proxyFieldsFrom,
  proxySummary,
} from './proxy-draft.ts';
import { SecretInput } from './SecretInput.tsx';
import { sayFieldRule, settingsWords } from './strings.ts';
// Its classes live with the Settings panel's; the welcome screen shows the form without that panel.
import './settings.css';

type ProfileFormProps =
  | { mode: 'create'; onCreated(): void; onCancel?(): void }
  | { mode: 'edit'; profile: ProfileView };

const NO_WARNINGS: string[] = [];

/**
 * The profile's editable fields. Creating also takes the key (one step for a new user); editing leaves
 * the key to its own section, since replacing a key is an action of its own, not a field to "save".
 * The parent remounts the form (via `key`) when the saved profile changes, which resets the draft.
 */
export function ProfileForm(props: ProfileFormProps) {
  const t = settingsWords.useT();
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const editing = props.mode === 'edit' ? props.profile : null;
  const [draft, setDraft] = useState<ProfileDraft>(() =>
    editing ? draftFromProfile(editing) : emptyDraft(),
  );
  const [proxy, setProxy] = useState<ProxyDraft>(() => proxyDraftFrom(editing?.proxy));
  const [apiKey, setApiKey] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<AppError | null>(null);
  // Advanced fields stay folded unless this profile already uses them.
  const [advancedOpen, setAdvancedOpen] = useState(
    () => editing !== null && (usesAdvancedFields(editing) || editing.proxy.mode !== 'system'),
  );
  const encryption = useAppStore(selectEncryption);
  const savedWarnings =
    useAppStore((s) => (editing ? s.profileWarnings[editing.id] : undefined)) ?? NO_WARNINGS;

  const errors = validateDraft(draft);
  const shown = showErrors ? errors : {};
  const proxyProblem = proxyDraftProblem(proxy);
  const changed = editing
    ? isDraftChanged(draft, editing) || isProxyDraftChanged(proxy, editing.proxy)
    : true;
  // Warnings describe the saved address; once the user edits it they no longer apply.
  const baseUrlWarnings = editing && draft.baseUrl.trim() === editing.baseUrl ? savedWarnings : NO_WARNINGS;
  const patch = (next: Partial<ProfileDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setSaveError(null);
  };
  const ids = {
    name: `${idPrefix}-name`,
    baseUrl: `${idPrefix}-base-url`,
    apiKey: `${idPrefix}-api-key`,
    keyHeader: `${idPrefix}-key-header`,
    headers: `${idPrefix}-headers`,
    proxy: `${idPrefix}-proxy`,
    limit: `${idPrefix}-upload-limit`,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (hasErrors(errors) || proxyProblem !== null) {
      if (errors.customKeyHeader || errors.extraHeaders || errors.uploadLimitMb || proxyProblem !== null)
        setAdvancedOpen(true);
      // Focus the first field to fix once the error styles have rendered.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    // Main's rule for the key, said before sending (main refuses the same key with the same words).
    const keyProblem = editing || !apiKey.trim() ? null : apiKeyProblem(apiKey.trim(), sayFieldRule);
    if (keyProblem !== null) {
      setSaveError({ code: 'invalid_input', message: keyProblem });
      return;
    }
    setSaving(true);
    const fields = { ...fieldsFromDraft(draft), proxy: proxyFieldsFrom(proxy) };
    const outcome = editing
      ? await updateProfile(editing.id, fields)
      : await createProfile(fields, apiKey.trim());
    setSaving(false);
    setSaveError(outcome.error ?? null);
    if (outcome.ok && editing) {
      // The editor puts a fresh form in this one's place (its draft reset to what main stored), and the
      // Save button, pressed, goes with the old one: focus goes to the new form's first field.
      const old = formRef.current;
      void focusWhenReady(() => {
        const form = document.querySelector<HTMLElement>('[data-testid="profile-editor"] form');
        return form && form !== old ? form.querySelector<HTMLElement>('input, select, textarea') : null;
      });
    }
    if (outcome.ok && props.mode === 'create') {
      setApiKey('');
      props.onCreated();
      // This form goes away with the draft; focus goes to the new profile's row in Settings (selected
      // now), from the welcome screen too (Settings opens once the shell has loaded), not to the page.
      void focusWhenReady(
        () => document.querySelector<HTMLElement>('[data-testid="profile-item"][aria-current="true"]'),
        5000,
      );
    }
  };

  const advancedRows = (
    <>
      <FormRow
        controlId={ids.keyHeader}
        label={t('form.keyHeaderLabel')}
        asGroup
        error={shown.customKeyHeader}
        description={t('form.keyHeaderHint')}
      >
        <KeyHeaderField
          idPrefix={idPrefix}
          choice={draft.keyHeader}
          custom={draft.customKeyHeader}
          customError={shown.customKeyHeader}
          onChoice={(keyHeader) => patch({ keyHeader })}
          onCustom={(customKeyHeader) => patch({ customKeyHeader })}
        />
      </FormRow>
      <FormRow
        controlId={ids.headers}
        label={t('form.headersLabel')}
        asGroup
        description={t('form.headersHint')}
      >
        <ExtraHeadersField
          rows={draft.extraHeaders}
          errors={shown.extraHeaders}
          onChange={(extraHeaders) => patch({ extraHeaders })}
        />
      </FormRow>
      <FormRow
        controlId={ids.proxy}
        label={t('form.proxyLabel')}
        asGroup
        error={showErrors ? (proxyProblem ?? undefined) : undefined}
        description={t('form.proxyHint')}
      >
        <ProxyField
          idPrefix={idPrefix}
          draft={proxy}
          signInStoredFor={editing?.proxy.hasCredentials ? editing.proxy.url : null}
          error={showErrors ? (proxyProblem ?? undefined) : undefined}
          onChange={(next) => {
            setProxy((current) => ({ ...current, ...next }));
            setSaveError(null);
          }}
        />
      </FormRow>
      <FormRow
        controlId={ids.limit}
        label={t('form.limitLabel')}
        error={shown.uploadLimitMb}
        description={t('form.limitHint')}
      >
        <div className="input-with-suffix">
          <input
            id={ids.limit}
            className="input"
            inputMode="decimal"
            value={draft.uploadLimitMb}
            aria-invalid={shown.uploadLimitMb ? true : undefined}
            aria-describedby={`${ids.limit}-help`}
            onChange={(event) => patch({ uploadLimitMb: event.target.value })}
          />
          <span className="input-with-suffix__suffix">{t('form.limitUnit')}</span>
        </div>
      </FormRow>
    </>
  );

  return (
    <form ref={formRef} className="profile-form" onSubmit={submit} noValidate data-testid="profile-form">
      <div className="form-grid">
        <FormRow controlId={ids.name} label={t('form.nameLabel')} error={shown.name}>
          <input
            id={ids.name}
            className="input"
            placeholder={t('form.namePlaceholder')}
            value={draft.name}
            autoFocus={!editing}
            autoComplete="off"
            aria-invalid={shown.name ? true : undefined}
            aria-describedby={`${ids.name}-help`}
            onChange={(event) => patch({ name: event.target.value })}
          />
        </FormRow>
        <FormRow
          controlId={ids.baseUrl}
          label={t('form.baseUrlLabel')}
          error={shown.baseUrl}
          warnings={baseUrlWarnings}
          description={t('form.baseUrlHint')}
        >
          <input
            id={ids.baseUrl}
            className="input input--mono"
            placeholder={t('form.baseUrlPlaceholder')}
            value={draft.baseUrl}
            spellCheck={false}
            autoComplete="off"
            inputMode="url"
            aria-invalid={shown.baseUrl ? true : undefined}
            aria-describedby={`${ids.baseUrl}-help`}
            onChange={(event) => patch({ baseUrl: event.target.value })}
          />
        </FormRow>
        {editing ? null : (
          <FormRow
            controlId={ids.apiKey}
            label={t('form.apiKeyLabel')}
            description={
              encryption?.backend === 'unavailable'
                ? undefined
                : encryption?.backend === 'basic_text'
                  ? t('form.apiKeyBasic')
                  : t('form.apiKeyEncrypted')
            }
          >
            {encryption?.backend === 'unavailable' ? (
              <Callout tone="warning" compact>
                {t('form.apiKeyUnavailable')}
              </Callout>
            ) : (
              <SecretInput
                id={ids.apiKey}
                placeholder={t('form.apiKeyPlaceholder')}
                value={apiKey}
                aria-describedby={`${ids.apiKey}-help`}
                onChange={(event) => setApiKey(event.target.value)}
              />
            )}
          </FormRow>
        )}
      </div>

      <div className="profile-form__advanced">
        <button
          type="button"
          className="disclosure"
          aria-expanded={advancedOpen}
          onClick={() => setAdvancedOpen((open) => !open)}
        >
          <ChevronRight size={14} aria-hidden className="disclosure__chevron" />
          {t('form.advanced')}
          {advancedOpen ? null : (
            <span className="disclosure__hint">
              {[advancedSummary(draft), proxySummary(proxy)].filter(Boolean).join(' · ')}
            </span>
          )}
        </button>
        {advancedOpen ? <div className="form-grid profile-form__advanced-rows">{advancedRows}</div> : null}
      </div>

      {saveError ? (
        <Callout tone="error" compact role="alert" title={saveError.message} testId="profile-form-error">
          {saveError.hint}
        </Callout>
      ) : null}

      <div className="profile-form__footer">
        {editing && changed ? <span className="profile-form__dirty">{t('form.unsaved')}</span> : <span />}
        <div className="profile-form__buttons">
          {editing ? (
            <Button
              variant="ghost"
              disabled={!changed || saving}
              onClick={() => {
                setDraft(draftFromProfile(editing));
                setProxy(proxyDraftFrom(editing.proxy));
                setShowErrors(false);
                setSaveError(null);
              }}
            >
              {t('form.discard')}
            </Button>
          ) : props.mode === 'create' && props.onCancel ? (
            <Button variant="ghost" onClick={props.onCancel} disabled={saving}>
              {t('form.cancel')}
            </Button>
          ) : null}
          <Button type="submit" variant="primary" busy={saving} disabled={!changed}>
            {editing ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </div>
    </form>
  );
}
