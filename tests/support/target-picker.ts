import type { Frame, Page } from 'puppeteer-core';
import { targetInfo } from '../../src/core/generators/targets.ts';

/** The code-target combobox with this accessible name. */
export function targetBox(label: string): string {
  return `input[role="combobox"][aria-label="${label}"]`;
}

/** The id of the target the combobox named `label` shows as chosen. */
export function chosenTarget(page: Page | Frame, label: string): Promise<string | undefined> {
  return page.$eval(targetBox(label), (el) => (el as HTMLInputElement).dataset.target);
}

/**
 * Chooses a target as a keyboard user does: focus the combobox, type the
 * target's title, check that it is the highlighted option, press Enter.
 */
export async function chooseTarget(page: Page | Frame, label: string, id: string): Promise<void> {
  const selector = targetBox(label);
  const keyboard = 'keyboard' in page ? page.keyboard : page.page().keyboard;
  await page.waitForSelector(selector);
  await page.focus(selector);
  await keyboard.down('Control');
  await keyboard.press('KeyA');
  await keyboard.up('Control');
  await keyboard.type(targetInfo(id).title);
  await page.waitForFunction(
    (sel, want) => {
      const box = document.querySelector<HTMLInputElement>(sel);
      const active = box?.getAttribute('aria-activedescendant');
      return active ? document.getElementById(active)?.dataset.target === want : false;
    },
    { polling: 50, timeout: 10_000 },
    selector,
    id,
  );
  await keyboard.press('Enter');
  await page.waitForFunction(
    (sel, want) => document.querySelector<HTMLInputElement>(sel)?.dataset.target === want,
    { polling: 50, timeout: 10_000 },
    selector,
    id,
  );
}
