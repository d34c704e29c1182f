/** Set by vite.config.ts for each build. */
declare const __TARGET__: 'chrome' | 'firefox';
declare const __OPEN_WORKSPACE_ON_INSTALL__: boolean;
