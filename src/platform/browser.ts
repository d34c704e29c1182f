/**
 * The only module that imports webextension-polyfill: every other module gets
 * the browser API from here, so tests and the plain-page playground can do
 * without it.
 */
import browser from 'webextension-polyfill';

export { browser };
export type { Menus, Runtime, Storage, Tabs } from 'webextension-polyfill';
