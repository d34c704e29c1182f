/**
 * Shell variables and substitutions are never expanded. They stay inside
 * strings of the model as `VAR_OPEN + name + VAR_CLOSE` (two private-use
 * characters no real command contains), so every field can hold them and
 * generators and the REST client can see where each one is.
 */
export const VAR_OPEN = '\uE000';
export const VAR_CLOSE = '\uE001';

export interface VariableRef {
  /** The variable's name: `TOKEN` for `$TOKEN` / `${TOKEN}` / `$env:TOKEN`; a generated name for substitutions. */
  name: string;
  /** How it was written, e.g. `$TOKEN`, `${TOKEN}`, `$(date +%s)`, `` `whoami` ``, `$env:TOKEN`. */
  source: string;
  kind: 'variable' | 'command';
}

export function variableMarker(name: string): string {
  return `${VAR_OPEN}${name}${VAR_CLOSE}`;
}

export type TextPart = string | { variable: string };

/** Splits a model string into literal text and variable references, in order. */
export function splitVariables(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = text;
  for (let open = rest.indexOf(VAR_OPEN); open !== -1; open = rest.indexOf(VAR_OPEN)) {
    const close = rest.indexOf(VAR_CLOSE, open + 1);
    if (close === -1) break;
    if (open > 0) parts.push(rest.slice(0, open));
    parts.push({ variable: rest.slice(open + 1, close) });
    rest = rest.slice(close + 1);
  }
  if (rest !== '' || parts.length === 0) parts.push(rest);
  return parts;
}

export function hasVariables(text: string): boolean {
  return text.includes(VAR_OPEN);
}

/** Rewrites variable markers with a formatter, e.g. `name => '{{' + name + '}}'`. */
export function replaceVariables(text: string, format: (name: string) => string): string {
  return splitVariables(text)
    .map((part) => (typeof part === 'string' ? part : format(part.variable)))
    .join('');
}
