import { describe, expect, it } from 'vitest';
import { score, searchPalette, staticItems } from '../../src/ui/shell/palette-search.ts';
import { TOOLS } from '../../src/ui/tools/catalog.ts';

const items = staticItems(TOOLS);
const titles = (query: string, searches: ((q: string) => { title: string; tool: string }[])[] = []) =>
  searchPalette(query, items, searches).map((item) => item.title);

describe('command palette search', () => {
  it('lists every tool and every command for an empty query, in registry order', () => {
    const all = titles('');
    for (const tool of TOOLS) expect(all).toContain(tool.title);
    expect(all).toContain('Convert curl');
    expect(all).toContain('New request');
    expect(all.indexOf(TOOLS[0]!.title)).toBe(0);
  });

  it('finds by title, keyword and description words; every word must match', () => {
    expect(titles('convert')[0]).toBe('Convert curl');
    expect(titles('conv curl')).toEqual(expect.arrayContaining(['Convert curl']));
    expect(titles('rest')[0]).toBe('REST Client');
    expect(titles('postman')).toContain('REST Client');
    expect(titles('curl python')).toContain('Converter');
    expect(titles('zzz')).toEqual([]);
    expect(titles('convert zzz')).toEqual([]);
  });

  it('ranks a title match above a keyword match and an exact word above a prefix', () => {
    const tool = { title: 'Send request', keywords: ['http'], tool: 'x' };
    expect(score(tool, 'send')).toBeGreaterThan(score(tool, 'sen'));
    expect(score(tool, 'sen')).toBeGreaterThan(score(tool, 'http'));
    expect(score(tool, 'nothing')).toBe(0);
  });

  it('puts a tool’s own finding for the exact thing typed before loose title matches', () => {
    const search = (q: string) =>
      q.includes('429') ? [{ title: 'Status 429 Too Many Requests', tool: 'status-codes' }] : [];
    expect(titles('429', [search])).toEqual(['Status 429 Too Many Requests']);
  });
});
