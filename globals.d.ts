/** Set by vite.config.ts for each build. */
declare const __TARGET__: 'chrome' | 'firefox';
declare const __OPEN_WORKSPACE_ON_INSTALL__: boolean;

/** web-ext ships no types; scripts/package.ts uses only its build command. */
declare module 'web-ext' {
  const webExt: {
    cmd: {
      build(
        params: {
          sourceDir: string;
          artifactsDir: string;
          filename?: string;
          overwriteDest?: boolean;
          ignoreFiles?: string[];
        },
        options?: { shouldExitProgram?: boolean },
      ): Promise<{ extensionPath: string }>;
    };
  };
  export default webExt;
}
