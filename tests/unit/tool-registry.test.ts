import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readmeWithTools } from '../../scripts/docs-tools.ts';
import { INTENT_KINDS } from '../../src/core/intents/intents.ts';
import { RECOGNISERS } from '../../src/core/intents/recognise.ts';
import { DEFAULT_TOOL, TOOLS, toolsFor } from '../../src/ui/tools/catalog.ts';
import { TOOL_GROUPS } from '../../src/ui/tools/types.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOOLS_DIR = join(ROOT, 'src', 'ui', 'tools');
const E2E_DIR = join(ROOT, 'tests', 'e2e');
const folders = readdirSync(TOOLS_DIR).filter((name) => statSync(join(TOOLS_DIR, name)).isDirectory());
const e2eSources = readdirSync(E2E_DIR, { recursive: true })
  .map(String)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => readFileSync(join(E2E_DIR, name), 'utf8'));

describe('the tool registry', () => {
  it('registers every tool folder, and every registered tool has a folder with tool.ts and View.tsx', () => {
    expect(folders.sort()).toEqual(TOOLS.map((tool) => tool.id).sort());
    for (const tool of TOOLS) {
      expect(existsSync(join(TOOLS_DIR, tool.id, 'tool.ts')), `${tool.id}/tool.ts`).toBe(true);
      expect(existsSync(join(TOOLS_DIR, tool.id, 'View.tsx')), `${tool.id}/View.tsx`).toBe(true);
    }
  });

  it('entries are well formed: unique kebab-case ids and titles, known groups, surfaces and intents', () => {
    expect(new Set(TOOLS.map((t) => t.id)).size).toBe(TOOLS.length);
    expect(new Set(TOOLS.map((t) => t.title)).size).toBe(TOOLS.length);
    for (const tool of TOOLS) {
      expect(tool.id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(TOOL_GROUPS).toContain(tool.group);
      expect(tool.description.length, tool.id).toBeGreaterThan(20);
      expect(tool.surfaces.length, tool.id).toBeGreaterThan(0);
      for (const kind of tool.accepts) expect(INTENT_KINDS).toContain(kind);
      for (const command of tool.commands ?? []) expect(TOOLS.map((t) => t.id)).toContain(command.tool);
    }
    expect(TOOLS.map((t) => t.id)).toContain(DEFAULT_TOOL);
  });

  it('every intent kind and every recogniser has a tool that accepts it', () => {
    const accepted = new Set(TOOLS.flatMap((tool) => tool.accepts));
    for (const kind of INTENT_KINDS) expect(accepted, kind).toContain(kind);
    for (const recogniser of RECOGNISERS) expect(accepted, recogniser.what).toContain(recogniser.kind);
  });

  it('every registered tool has an end-to-end test that opens it by its deep link or its navigation entry', () => {
    for (const tool of TOOLS) {
      const opened = e2eSources.some(
        (source) => source.includes(`#/${tool.id}`) || source.includes(`'link', '${tool.title}'`),
      );
      expect(opened, `no e2e test opens ${tool.id}`).toBe(true);
    }
  });

  it('shows DevTools-only tools inside DevTools only', () => {
    const devtoolsOnly = TOOLS.filter((t) => !t.surfaces.includes('workspace')).map((t) => t.id);
    expect(devtoolsOnly).toContain('captured');
    const inTab = toolsFor('workspace', false).map((t) => t.id);
    const inDevtools = toolsFor('workspace', true).map((t) => t.id);
    for (const id of devtoolsOnly) {
      expect(inTab).not.toContain(id);
      expect(inDevtools).toContain(id);
    }
    expect(inDevtools.length).toBe(TOOLS.length);
  });

  it('the README lists the registered tools (npm run docs:tools)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toBe(readmeWithTools(readme));
  });
});
