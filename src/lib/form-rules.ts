import { controlCharacterMessage, isCleanLine } from './text.ts';
import type { MessageKey } from '../i18n/messages/en.ts';
import type { Said } from '../i18n/said.ts';

/**
 * The checks an island runs as its form is typed in, without zod: zod and its schemas are about
 * 23 kB gzip of browser JavaScript, more than every form's own code together. The server keeps
 * validating with the zod schemas (src/lib/*-schemas.ts); the client rules here (form-checks.ts)
 * say the same things in the same order, and src/lib/form-checks.test.ts checks that they agree,
 * message for message, with the server's schemas on generated input.
 *
 * A Field runs one value through its rules the way a zod string schema runs its checks: a
 * failing rule adds its message and the next rules still run, unless the rule stops the field
 * (zod's `abort`, a wrong type, a failed pipe), and an object-level rule (two fields that must
 * match) runs only when no field was stopped. Nothing here runs at import: every export is a
 * function, a class or a constant, so a bundler keeps only what an island uses.
 */

/** { field: [messages] } worded in the customer's language: the shape API errors and the islands show. */
export type FieldErrors = Record<string, string[]>;
/**
 * { field: [what is wrong] } as catalogue keys with their values (src/i18n/said.ts): what a check
 * and the server's schemas (fieldErrorsOf) say, worded where it is shown, in the customer's
 * language (an island by its `words`, the server with `say`).
 */
export type CheckErrors = Record<string, Said[]>;
/** What a form holds: its fields as typed (checkboxes as booleans). */
export type FormInput = Record<string, unknown>;
/** A form's client check: the messages for its values, {} when they can be sent. */
export type FormCheck = (values: FormInput) => CheckErrors;
/** A message a rule gives: a catalogue key, or a key with its values. */
export type Message = MessageKey | Said;

type Issue = { message: Said; stops: boolean };

/** A key alone is a Said without values. */
export function saidOfMessage(message: Message): Said {
  return typeof message === 'string' ? { key: message } : message;
}

/** A length as zod 4 measures it: code points (an emoji is one), a lone surrogate one too. */
function codePoints(text: string): number {
  return [...text].length;
}

/** zod's own message for a value that is not text, as zod words it in English (the schemas never replace it). */
const zodStringMessage: Said = { key: 'schema.zodSays', params: { message: 'Invalid input: expected string' } };

/** One value going through its rules (zod's payload: the value, its issues, whether it was stopped). */
export class Field {
  value: unknown;
  readonly issues: Issue[] = [];
  private stopped = false;

  constructor(value: unknown) {
    this.value = value;
  }

  /** The rules after a stop are skipped, as zod skips checks after an aborting issue. */
  get live(): boolean {
    return !this.stopped;
  }

  /** True when one of its issues stops the object's own rules (zod: an issue without `continue`). */
  get blocksFormRules(): boolean {
    return this.issues.some((issue) => issue.stops);
  }

  fail(message: Message, stops = false): this {
    this.issues.push({ message: saidOfMessage(message), stops });
    if (stops) this.stopped = true;
    return this;
  }

  /** z.string({ error }): anything but a string stops here. */
  string(message: Message = zodStringMessage): this {
    if (this.live && typeof this.value !== 'string') this.fail(message, true);
    return this;
  }

  private get text(): string {
    return String(this.value);
  }

  trim(): this {
    if (this.live) this.value = this.text.trim();
    return this;
  }

  lower(): this {
    if (this.live) this.value = this.text.toLowerCase();
    return this;
  }

  /** A rule on the text: `ok` false adds the message (and stops when `stops`). */
  rule(ok: (text: string) => boolean, message: Message, stops = false): this {
    if (this.live && !ok(this.text)) this.fail(message, stops);
    return this;
  }

  min(length: number, message: Message, stops = false): this {
    return this.rule((text) => codePoints(text) >= length, message, stops);
  }

  max(length: number, message: Message): this {
    return this.rule((text) => codePoints(text) <= length, message);
  }

  matches(pattern: RegExp, message: Message): this {
    return this.rule((text) => pattern.test(text), message);
  }

  /** zod's .pipe() and .transform(): nothing more runs on a value that already has an issue. */
  pipe(): this {
    if (this.issues.length > 0) this.stopped = true;
    return this;
  }

  /** .transform(): a new value from one without issues. */
  map(to: (text: string) => unknown): this {
    this.pipe();
    if (this.live) this.value = to(this.text);
    return this;
  }
}

/** requiredText: a trimmed line with something in it and no control characters. */
export function requiredText(value: unknown, message: Message): Field {
  return new Field(value).string(message).trim().min(1, message, true).rule(isCleanLine, controlCharacterMessage, true);
}

/** lineText: a trimmed line without control characters, perhaps empty. */
export function lineText(value: unknown): Field {
  return new Field(value).string().trim().rule(isCleanLine, controlCharacterMessage, true);
}

/** One of a fixed list (z.enum): anything else is the message, and stops. */
export function oneOf(value: unknown, allowed: readonly string[], message: Message): Field {
  const field = new Field(value);
  return typeof value === 'string' && allowed.includes(value) ? field : field.fail(message, true);
}

/** A rule across fields: when `holds` is false, `message` goes to `path`. */
export type FormRule = readonly [holds: (values: FormInput) => boolean, path: string, message: MessageKey];

/**
 * Runs the fields' checks, then (when no field was stopped) the form's own rules on the checked
 * values, and answers the messages by field, as fieldErrorsOf(schema.safeParse(values).error) does.
 */
export function checkForm(fields: Record<string, Field>, rules: readonly FormRule[] = []): CheckErrors {
  const errors: CheckErrors = {};
  const output: FormInput = {};
  let blocked = false;
  for (const [name, field] of Object.entries(fields)) {
    output[name] = field.value;
    if (field.blocksFormRules) blocked = true;
    for (const issue of field.issues) (errors[name] ??= []).push(issue.message);
  }
  if (!blocked) {
    for (const [holds, path, message] of rules) if (!holds(output)) (errors[path] ??= []).push({ key: message });
  }
  return errors;
}

/** Two checks of one form side by side (zod's intersection): every message of both. */
export function mergeErrors(...all: CheckErrors[]): CheckErrors {
  const merged: CheckErrors = {};
  for (const errors of all) for (const [name, messages] of Object.entries(errors)) (merged[name] ??= []).push(...messages);
  return merged;
}
