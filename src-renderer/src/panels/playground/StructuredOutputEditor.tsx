import { ChevronDown, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  type ChatFormat,
  MAX_SCHEMA_CHARS,
  SCHEMA_NAME_PATTERN,
  type StructuredOutput,
} from '../../../../src-preload/contract.ts';
import { checkSchema, SCHEMA_CHECK_DELAY_MS, type SchemaCheck } from '../../actions/structured-output.ts';
import { Button } from '../../components/Button.tsx';
import { usePopoverMenu } from '../../components/usePopoverMenu.ts';
import { Rich } from '../../i18n/rich.tsx';
import { Check, Param } from './ParamParts.tsx';
import { parametersWords } from './parameters-strings.ts';
import { SCHEMA_EXAMPLES, type SchemaExample, schemaText } from './schema-examples.ts';
import { useAutoGrow } from './useAutoGrow.ts';
import './structured-output.css';

/** Where each format carries the schema (WIRE.md Part 2; the content-generation field per Google's API). */
const SCHEMA_FIELDS: Record<ChatFormat, string> = {
  responses: 'text.format',
  chat: 'response_format',
  content: 'responseJsonSchema',
};

/** The schema field's hint while empty: JSON, the same in every language. */
const SCHEMA_PLACEHOLDER = '{\n  "type": "object",\n  "properties": { … }\n}';

/** The formats with a strict flag (`text.format.strict`, `json_schema.strict`). */
const STRICT_FORMATS: readonly ChatFormat[] = ['responses', 'chat'];

/** What the switch turns on with the first time: a name the user may keep, and no schema yet. */
const FIRST_DRAFT: StructuredOutput = { name: 'reply', schema: '', strict: true };

interface StructuredOutputEditorProps {
  id: string;
  format: ChatFormat;
  /** The conversation's setting: absent while structured output is off. */
  value: StructuredOutput | undefined;
  onChange(value: StructuredOutput | undefined): void;
}

/**
 * Structured output: a switch, the schema's name, the schema as typed (checked by main's validator after
 * each pause in typing), strict where the format has it, and examples to start from. Turning it off removes
 * the setting (nothing is sent); the schema is remembered here, so turning it on again brings it back.
 */
export function StructuredOutputEditor({ id, format, value, onChange }: StructuredOutputEditorProps) {
  const t = parametersWords.useT();
  const [remembered, setRemembered] = useState<StructuredOutput>(value ?? FIRST_DRAFT);
  const turn = (on: boolean) => {
    if (on) onChange(remembered);
    else {
      if (value) setRemembered(value);
      onChange(undefined);
    }
  };
  return (
    <div
      className={`pg-param pg-param--group structured${value ? ' pg-param--set' : ''}`}
      data-testid="structured"
    >
      <label className="pg-switch structured__switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={value !== undefined}
          aria-describedby={`${id}-note`}
          checked={value !== undefined}
          onChange={(event) => turn(event.target.checked)}
          data-testid="structured-toggle"
        />
        <span className="pg-switch__track" aria-hidden />
        <span className="pg-param__label">{t('structured.title')}</span>
      </label>
      <p id={`${id}-note`} className="pg-param__note">
        {value ? (
          <Rich
            words={parametersWords}
            k="structured.sentAs"
            values={{ field: SCHEMA_FIELDS[format] }}
            components={{ code: <code /> }}
          />
        ) : (
          t('structured.off')
        )}
      </p>
      {value ? <SchemaFields id={id} format={format} value={value} onChange={onChange} /> : null}
    </div>
  );
}

function SchemaFields({
  id,
  format,
  value,
  onChange,
}: StructuredOutputEditorProps & { value: StructuredOutput }) {
  const t = parametersWords.useT();
  const [nameText, setNameText] = useState(value.name);
  const nameValid = SCHEMA_NAME_PATTERN.test(nameText);
  // The field is the source while typing; a change made elsewhere (an example picked) shows here too.
  const shownName = nameValid && nameText !== value.name ? value.name : nameText;
  const nameProblem = !SCHEMA_NAME_PATTERN.test(shownName);
  // The schema and name an example replaced, to put back with Undo (until the schema is typed in again).
  const [replaced, setReplaced] = useState<StructuredOutput | null>(null);
  const grow = useAutoGrow(18);
  const check = useSchemaCheck(value.schema);
  const strictOffered = STRICT_FORMATS.includes(format);

  const pickExample = (example: SchemaExample) => {
    const next = { ...value, name: example.name, schema: schemaText(example) };
    setReplaced(value.schema.trim() !== '' && value.schema !== next.schema ? value : null);
    setNameText(next.name);
    onChange(next);
  };

  return (
    <>
      <Param
        id={`${id}-name`}
        label={t('structured.name')}
        set={false}
        className="structured__part"
        aside={
          <input
            id={`${id}-name`}
            className="input input--mono structured__name"
            type="text"
            value={shownName}
            spellCheck={false}
            maxLength={64}
            aria-invalid={nameProblem || undefined}
            aria-describedby={nameProblem ? `${id}-name-note` : undefined}
            onChange={(event) => {
              setNameText(event.target.value);
              if (SCHEMA_NAME_PATTERN.test(event.target.value))
                onChange({ ...value, name: event.target.value });
            }}
            data-testid="structured-name"
          />
        }
      >
        {nameProblem ? (
          <p id={`${id}-name-note`} className="pg-param__note pg-param__note--error">
            {t('structured.nameProblem', { name: value.name })}
          </p>
        ) : null}
      </Param>
      <Param
        id={`${id}-schema`}
        label={t('structured.schema')}
        set={false}
        className="structured__part"
        aside={<ExamplesMenu onPick={pickExample} />}
      >
        <textarea
          id={`${id}-schema`}
          ref={grow}
          className="input input--mono pg-param__textarea structured__schema"
          rows={6}
          value={value.schema}
          spellCheck={false}
          maxLength={MAX_SCHEMA_CHARS}
          placeholder={SCHEMA_PLACEHOLDER}
          aria-invalid={check?.status === 'invalid' || undefined}
          aria-describedby={`${id}-schema-check`}
          onChange={(event) => {
            setReplaced(null);
            onChange({ ...value, schema: event.target.value });
          }}
          data-testid="structured-schema"
        />
        <SchemaCheckNote id={`${id}-schema-check`} schema={value.schema} check={check} />
        {replaced ? (
          <p className="pg-param__note structured__replaced">
            {t('structured.replaced', { name: replaced.name })}
            <Button
              size="sm"
              variant="ghost"
              icon={Undo2}
              onClick={() => {
                setNameText(replaced.name);
                onChange(replaced);
                setReplaced(null);
              }}
              data-testid="structured-undo"
            >
              {t('structured.undo')}
            </Button>
          </p>
        ) : null}
      </Param>
      <Check
        checked={strictOffered && value.strict}
        disabled={!strictOffered}
        onChange={(strict) => onChange({ ...value, strict })}
        label={t('structured.strict')}
        title={strictOffered ? t('structured.strictWhy') : t('structured.noStrictFlag')}
        note={strictOffered ? t('structured.strictNote') : t('structured.strictUnavailable')}
        testId="structured-strict"
      />
    </>
  );
}

/** The schema as main's validator last found it; `null` until a check of some text has come back. */
function useSchemaCheck(schema: string): SchemaCheck | null {
  const [result, setResult] = useState<SchemaCheck | null>(null);
  useEffect(() => {
    if (schema.trim() === '') return;
    let current = true;
    const timer = setTimeout(() => {
      void checkSchema(schema).then((check) => {
        if (current) setResult(check);
      });
    }, SCHEMA_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [schema]);
  return schema.trim() === '' ? null : result;
}

function SchemaCheckNote({ id, schema, check }: { id: string; schema: string; check: SchemaCheck | null }) {
  const t = parametersWords.useT();
  const [text, status] =
    schema.trim() === ''
      ? [t('structured.empty'), 'empty']
      : check === null
        ? [t('structured.checking'), 'checking']
        : check.status === 'valid'
          ? [t('structured.valid'), 'valid']
          : check.status === 'invalid'
            ? [check.message, 'invalid']
            : [t('structured.unchecked', { message: check.message }), 'unchecked'];
  return (
    <p
      id={id}
      className={`pg-param__note structured__check structured__check--${status}${status === 'invalid' ? ' pg-param__note--error' : ''}`}
      aria-live="polite"
      data-status={status}
      data-testid="structured-check"
    >
      {text}
    </p>
  );
}

function ExamplesMenu({ onPick }: { onPick(example: SchemaExample): void }) {
  const t = parametersWords.useT();
  const menu = usePopoverMenu();
  return (
    <>
      <Button
        {...menu.triggerProps}
        size="sm"
        variant="ghost"
        title={t('structured.examplesWhy')}
        data-testid="structured-examples"
      >
        {t('structured.examples')}
        <ChevronDown size={14} aria-hidden />
      </Button>
      <div
        {...menu.menuProps}
        role="menu"
        aria-label={t('structured.examples')}
        className="popover-menu structured__menu"
        data-testid="structured-examples-list"
      >
        {SCHEMA_EXAMPLES.map((example) => (
          <button
            key={example.name}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="popover-menu__item structured__menu-item"
            onClick={() => {
              menu.hide();
              onPick(example);
            }}
            data-example={example.name}
          >
            <span className="structured__menu-label">{t(example.label)}</span>
            <span className="structured__menu-detail">{t(example.detail)}</span>
          </button>
        ))}
      </div>
    </>
  );
}
