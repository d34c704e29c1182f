import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { base64ToBytes } from '../../../../core/bytes.ts';
import { toCurlCommand } from '../../../../core/curl/to-curl.ts';
import { groupTargets, listTargets } from '../../../../core/generators/targets.ts';
import type { RestRequestSource } from '../../../../core/request-spec/from-rest.ts';
import type { OutgoingRequest } from '../../../../protocol.ts';
import { useServices } from '../../../services.ts';

/** The curl command that sends exactly this request (method, URL, header lines, body bytes). */
export function curlFor(request: OutgoingRequest): string {
  return toCurlCommand({
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: request.bodyBase64 ? base64ToBytes(request.bodyBase64) : undefined,
  });
}

/**
 * Code for a target from the request as the editor held it: its request spec
 * goes to the same generators as the converter's (no curl text in between),
 * and each `{{variable}}` is read from the environment by the program, so no
 * value (secret or not) is written into the code. The generators load on first use.
 */
export async function codeFor(
  written: RestRequestSource,
  targetId: string,
): Promise<{ code: string; warnings: string[] }> {
  const { loadRestCodeWriter } = await import('../../../../core/request-spec/code-on-demand.ts');
  const result = (await loadRestCodeWriter(targetId))(written);
  return { code: result.code, warnings: result.warnings.map((w) => w.message) };
}

/** "Copy as curl" and "Copy as code" (with a menu of every converter target) for the request just sent. */
export function RequestActions({ request, written }: { request: OutgoingRequest; written: RestRequestSource }) {
  const services = useServices();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const targets = listTargets();

  useEffect(() => () => clearTimeout(timer.current), []);
  const say = (text: string) => {
    setMessage(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(''), 6000);
  };

  // The menu takes focus when it opens and closes when a click goes elsewhere.
  useLayoutEffect(() => {
    if (!open) return;
    (menu.current?.querySelector('[role="menuitem"]') as HTMLElement | null)?.focus();
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const copyCurl = async () => {
    try {
      await services.copyText(curlFor(request));
      say('Copied the curl command.');
    } catch (error) {
      say(`Could not copy: ${(error as Error).message}`);
    }
  };

  const copyCode = async (targetId: string, title: string) => {
    setOpen(false);
    button.current?.focus();
    try {
      const { code, warnings } = await codeFor(written, targetId);
      await services.copyText(code);
      say(
        warnings.length === 0
          ? `Copied ${title} code.`
          : `Copied ${title} code, with ${warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}: ${warnings.join(' ')}`,
      );
    } catch (error) {
      say(`Could not copy ${title} code: ${(error as Error).message}`);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
    else if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type-ahead: the next item whose title starts with the typed character.
      const typed = event.key.toLowerCase();
      const after = [...items.slice(index + 1), ...items.slice(0, index + 1)];
      after.find((item) => item.textContent?.trim().toLowerCase().startsWith(typed))?.focus();
    } else return;
    if (event.key !== 'Tab') event.preventDefault();
  };
  // Escape closes the menu wherever focus is within it or on its button.
  const onAnchorKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div class="request-actions">
      <button type="button" class="secondary" onClick={() => void copyCurl()}>
        Copy as curl
      </button>
      <div class="menu-anchor" onKeyDown={onAnchorKey}>
        <button
          ref={button}
          type="button"
          class="secondary"
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && !open) {
              event.preventDefault();
              setOpen(true);
            }
          }}
        >
          Copy as code
          <span aria-hidden="true" class="caret">
            ▾
          </span>
        </button>
        {open && (
          <ul ref={menu} class="menu" role="menu" aria-label="Copy as code" onKeyDown={onMenuKey}>
            {groupTargets(targets).map(({ group, targets: members }) => (
              <li key={group} role="none">
                <ul role="group" aria-label={group}>
                  <li role="presentation" class="menu-group" aria-hidden="true">
                    {group}
                  </li>
                  {members.map((target) => (
                    <li
                      key={target.id}
                      role="menuitem"
                      tabIndex={-1}
                      data-target={target.id}
                      onClick={() => void copyCode(target.id, target.title)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter' || event.key === ' ') {
                          event.preventDefault();
                          void copyCode(target.id, target.title);
                        }
                      }}
                    >
                      {target.title}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
      <span class="action-message" aria-live="polite">
        {message}
      </span>
    </div>
  );
}
