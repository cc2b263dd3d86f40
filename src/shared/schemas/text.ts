import { z } from 'zod';

/**
 * Control characters never belong in what people type, and PostgreSQL refuses NUL outright. C0
 * (U+0000 to U+001F), DEL and C1 (U+0080 to U+009F) are refused; multi-line text keeps tab,
 * line feed and carriage return.
 */
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

function isControl(code: number, multiline: boolean): boolean {
  if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) return false;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  for (let index = 0; index < value.length; index++) {
    if (isControl(value.charCodeAt(index), multiline)) return true;
  }
  return false;
}

export const controlCharactersMessage = (label: string) => `${label} contains a control character`;

/**
 * The control-character checks ZText adds. A check stays in a schema's checks through .trim(),
 * .max(), .refine() and the like, so a string schema that holds one refuses control characters:
 * that is how a string built from ZText is told from any other (isText).
 */
const controlCharacterChecks = new WeakSet<object>();

/**
 * The one string schema for free text in a request: a string with no control characters, the
 * refusal naming the field. Every free-text field of every payload schema is built from it.
 */
export function ZText(label: string, { multiline = false, required }: { multiline?: boolean; required?: string } = {}) {
  const noControlCharacters = z.refine<string>(
    (value) => !hasControlCharacters(value, { multiline }),
    controlCharactersMessage(label),
  );
  controlCharacterChecks.add(noControlCharacters);
  return z.string(required ?? `${label} must be text`).check(noControlCharacters);
}

/** Whether a schema is a string built from ZText: it carries ZText's control-character check. */
export function isText(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as z.core.$ZodTypeDef & { checks?: object[] };
  return def.type === 'string' && (def.checks ?? []).some((check) => controlCharacterChecks.has(check));
}
