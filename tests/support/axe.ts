import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'puppeteer-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page or frame (WCAG 2 A/AA rules and best practices)
 * and returns the serious and critical violations, each with the elements
 * it found them on.
 */
export async function seriousViolations(scope: Page | Frame): Promise<AxeViolation[]> {
  // Evaluated through the automation protocol, which the page's CSP does not govern.
  await scope.evaluate(AXE_SOURCE);
  const result = await scope.evaluate(`(async () => {
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  })()`);
  return (result as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
