/**
 * The REST client's stores, wired together over the page's services: the
 * history (whose notices also show the environments' problems), the
 * environments, the editor (which sends with the environments' variables and
 * records into the history) and the layout.
 */
import { computed, signal } from '@preact/signals';
import { scopeSecrets, scopesFor } from '../../../core/collections/scope.ts';
import { secretPairs } from '../../../core/env/state.ts';
import type { Services } from '../../services.ts';
import { createCodeStore } from './rest-code-store.ts';
import { createCollectionsStore } from './rest-collections-store.ts';
import { createEditorStore, type EditorStore, type RestSettings } from './rest-editor-store.ts';
import { createEnvironmentsStore } from './rest-env-store.ts';
import { createHistoryStore } from './rest-history-store.ts';
import { createLayoutStore } from './rest-layout-store.ts';

export type RestStores = ReturnType<typeof createRestStores>;

export function createRestStores(services: Services, settings: RestSettings) {
  const history = createHistoryStore(services.history);
  const environments = createEnvironmentsStore({
    environments: services.environments,
    download: (name, mime, text) => services.downloadFile(name, mime, text),
    notify: (message) => history.addNotices([message]),
  });
  /** The settings the editor sends and records with; the tab keeps it in step with its props. */
  const currentSettings = signal(settings);
  // The runner sends through the editor's own preparation (variables, inherited auth), so both agree.
  let editorRef: EditorStore | null = null;
  const collections = createCollectionsStore({
    collections: services.collections,
    download: (name, mime, text) => services.downloadFile(name, mime, text),
    async sendSaved(saved, context) {
      const id = crypto.randomUUID();
      const request = await editorRef!.prepareSaved(saved, context, id);
      const { followRedirects, sendCookies } = editorRef!.sendSettings.peek();
      const response = await services.sendRequest(request, {
        timeoutMs: currentSettings.peek().timeoutMs,
        followRedirects,
        sendCookies,
      });
      return {
        state: 'done',
        status: response.status,
        statusText: response.statusText,
        timeMs: response.timeMs,
        size: response.size,
      };
    },
  });
  const editor = createEditorStore({
    services,
    history,
    environments: environments.state,
    settings: currentSettings,
    collections: services.collections,
    contextOf: collections.contextOf,
  });
  editorRef = editor;
  const code = createCodeStore({
    draft: editor.draftShape,
    secrets: computed(() => {
      const state = environments.state.value;
      return [
        ...(state ? secretPairs(state, { includeDisabled: true }) : []),
        ...scopeSecrets(scopesFor(editor.context.value, null)),
      ];
    }),
    followRedirects: computed(() => editor.sendSettings.value.followRedirects),
  });
  return {
    history,
    environments,
    collections,
    editor,
    code,
    layout: createLayoutStore(),
    settings: currentSettings,
    /** Loads the history and the environments and follows their changes; returns the function that stops. */
    start(): () => void {
      const stopHistory = history.start();
      const stopEnvironments = environments.start();
      const stopCollections = collections.start();
      return () => {
        stopHistory();
        stopEnvironments();
        stopCollections();
      };
    },
  };
}
