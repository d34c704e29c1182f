import type { EditorStore } from './rest-editor-store.ts';

/**
 * The open requests as tabs: a list of buttons (the shown one marked
 * current), click or arrow keys to switch, a close button each, "New tab".
 * Not an ARIA tablist: each tab has its own close button, which a tablist may
 * not hold. A tab with unsaved changes shows a dot and says so to screen
 * readers; closing it asks first.
 */
export function EditorTabs({ editor }: { editor: EditorStore }) {
  const tabs = editor.tabs.value;
  const closing = editor.closing.value;
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (next) {
      editor.switchTab(next.key);
      setTimeout(() => document.getElementById(`editor-tab-${next.key}`)?.focus());
    }
  };
  const closingTab = tabs.find((t) => t.key === closing);
  return (
    <div class="editor-tabs">
      <ul aria-label="Open requests" class="editor-tablist">
        {tabs.map((tab, index) => (
          <li key={tab.key} class={`editor-tab${tab.active ? ' active' : ''}`}>
            <button
              type="button"
              class="editor-tab-button"
              id={`editor-tab-${tab.key}`}
              aria-current={tab.active ? 'true' : undefined}
              onClick={() => editor.switchTab(tab.key)}
              onKeyDown={(e) => onKey(e, index)}
              title={tab.title}
            >
              {tab.dirty && (
                <span aria-hidden="true" class="dirty-dot">
                  ●{' '}
                </span>
              )}
              {tab.title}
              {tab.dirty && <span class="sr-only-text"> (unsaved)</span>}
            </button>
            <button
              type="button"
              class="editor-tab-close"
              aria-label={`Close ${tab.title}`}
              onClick={() => editor.closeTab(tab.key)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="secondary small" onClick={editor.newTab}>
        New tab
      </button>
      {closingTab && (
        <div role="alertdialog" aria-label="Unsaved changes" class="editor-tab-confirm">
          <span>“{closingTab.title}” has unsaved changes.</span>
          <button type="button" class="small danger" onClick={() => editor.closeTab(closingTab.key, true)}>
            Discard changes
          </button>
          <button type="button" class="secondary small" onClick={editor.cancelClose}>
            Keep open
          </button>
        </div>
      )}
    </div>
  );
}
