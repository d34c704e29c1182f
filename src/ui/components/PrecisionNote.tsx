import type { PrecisionNotice } from '../../core/json/precision.ts';

/** Where the numbers meet doubles: JSONPath filters compare them, JMESPath and JSONata compute with them. */
export type PrecisionContext = 'path' | 'query';

/**
 * Said wherever numbers meet JavaScript numbers (JSON Tools' JSONPath and Query, the REST client's
 * response filter): a body with numbers beyond double precision gets this note, never a silent rounding.
 */
export function PrecisionNote({ inexact, where }: { inexact: PrecisionNotice; where: PrecisionContext }) {
  const { count, text, line, column, rounded } = inexact;
  return (
    <p class="precision-note" role="note" aria-label="Number precision">
      <strong>{count === 1 ? '1 number' : `${count.toLocaleString('en')} numbers`} beyond double precision</strong>{' '}
      (first: <code>{text}</code> at line {line}, column {column}, which is <code>{rounded}</code> as a double).{' '}
      {where === 'path'
        ? 'Filters compare such numbers as their nearest double, so two that differ only past the 17th digit compare equal; the matches are listed exactly as written.'
        : 'Queries (JMESPath, and JSONata in JSON Tools) work with the nearest double: comparisons with such numbers are approximate and they come out rounded in the result. JSONPath lists matches exactly as written.'}
    </p>
  );
}
