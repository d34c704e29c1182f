import type { ShellStore } from './store.ts';
import { TOOL_GROUPS, type ToolMeta } from '../tools/types.ts';

/**
 * The tools, grouped: a rail at the side when the page is tall, one row in
 * the header when it is short (DevTools docked at the bottom) or narrow
 * (docked at the side, icons only). Links, so each tool has an address.
 */
export function Navigation({ store, compact }: { store: ShellStore; compact: boolean }) {
  const groups = TOOL_GROUPS.map((group) => ({
    group,
    tools: store.tools.filter((tool) => tool.group === group),
  })).filter((g) => g.tools.length > 0);
  const active = store.active.value;

  const go = (event: MouseEvent, tool: ToolMeta) => {
    // A plain click keeps the tool's own parameters (its selection); other clicks (new tab…) follow the link.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    store.navigate(tool.id, store.params.value[tool.id] ?? {});
  };

  return (
    <nav aria-label="Tools" class={`tool-nav${compact ? ' compact' : ''}`}>
      {groups.map(({ group, tools }) => (
        <div key={group} class="nav-group">
          <span class="nav-group-label" aria-hidden="true">
            {group}
          </span>
          <ul class="nav-list">
            {tools.map((tool) => (
              <li key={tool.id}>
                <a
                  class="nav-link"
                  href={`#/${tool.id}`}
                  aria-current={tool.id === active ? 'page' : undefined}
                  title={`${tool.title}: ${tool.description}`}
                  onClick={(event) => go(event, tool)}
                >
                  <span class="nav-icon" aria-hidden="true">
                    {tool.icon}
                  </span>
                  <span class="nav-title">{tool.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
