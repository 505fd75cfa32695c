import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import type { StructuredVerdict } from '../../../../src-preload/contract.ts';
import { Markdown } from '../../markdown/lazy-markdown.tsx';
import { chatWords } from './chat-strings.ts';
import './structured-output.css';

interface StructuredReplyProps {
  /** The reply as it came. */
  text: string;
  structured: { name: string; verdict: StructuredVerdict };
  onOpenLink(url: string): void;
}

/**
 * A reply asked for with a JSON Schema: its verdict against that schema (main's check, `chat.checkStructured`),
 * then the JSON pretty-printed (a highlighted code block, as in any reply) — or, when it is not JSON, the text
 * as it came.
 */
export function StructuredReply({ text, structured, onOpenLink }: StructuredReplyProps) {
  const { name, verdict } = structured;
  const outcome = !verdict.parsed ? 'not-json' : verdict.valid ? 'matches' : 'mismatch';
  const pretty = verdict.parsed ? prettyJson(text) : null;
  return (
    <div className="structured-reply" data-testid="structured-reply" data-verdict={outcome}>
      <Verdict outcome={outcome} name={name} errors={verdict.errors} />
      {outcome === 'not-json' ? (
        <pre className="structured-reply__raw" data-testid="structured-raw">
          {text}
        </pre>
      ) : (
        // JSON that main read out of something around it (a code fence) is shown as the markdown it is.
        <Markdown
          text={pretty === null ? text : jsonBlock(pretty)}
          streaming={false}
          onOpenLink={onOpenLink}
        />
      )}
    </div>
  );
}

const HEADLINES = {
  matches: { icon: CircleCheck, key: 'structured.matches' },
  mismatch: { icon: CircleX, key: 'structured.mismatch' },
  'not-json': { icon: CircleAlert, key: 'structured.notJson' },
} as const;

function Verdict({
  outcome,
  name,
  errors,
}: {
  outcome: keyof typeof HEADLINES;
  name: string;
  errors: string[];
}) {
  const t = chatWords.useT();
  const { icon: Icon, key } = HEADLINES[outcome];
  return (
    <div className={`structured-verdict structured-verdict--${outcome}`} data-testid="structured-verdict">
      <p className="structured-verdict__headline">
        <Icon size={14} aria-hidden />
        <span>{t(key, { name })}</span>
        {outcome === 'not-json' ? (
          <span className="structured-verdict__aside">{t('structured.notJsonAside', { name })}</span>
        ) : null}
      </p>
      {outcome !== 'matches' && errors.length > 0 ? (
        <ul className="structured-verdict__errors" data-testid="structured-errors">
          {errors.map((error, index) => (
            // The validator may repeat a message (the same rule failing at two places says where in each).
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
            <li key={index}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The reply indented two spaces; `null` when it does not parse as it stands. */
function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

/**
 * A fenced `json` block for the markdown renderer. Pretty-printed JSON never starts a line with a backtick
 * (every line starts with a bracket, a quote, a digit or a letter of `true`/`false`/`null`, after spaces),
 * so no line inside can close the fence.
 */
function jsonBlock(pretty: string): string {
  return `\`\`\`json\n${pretty}\n\`\`\``;
}
