/**
 * The shapes of saved requests: collections of nested folders and requests,
 * each level with its own variables and (for collections and folders) an auth
 * its requests inherit. Kept apart from the logic so the store, the
 * importers, the exporters and the UI share one definition.
 */
import type { EnvironmentVariable } from '../env/substitute.ts';
import type { StoredRequest } from '../history/types.ts';
import type { AuthDraft } from '../http/compose.ts';

export const COLLECTION_SCHEMA = 1;

/** A `{{name}}` variable of a collection, folder or request (the same shape as an environment's). */
export type CollectionVariable = EnvironmentVariable;

/**
 * The auth a folder or request gives its requests: its own helper, or
 * `null` for "inherit from the parent". A collection's `null` means no auth.
 */
export type InheritableAuth = AuthDraft | null;

/** A folder in the tree: its own variables and auth, and its children in the user's order. */
export interface FolderNode {
  type: 'folder';
  id: string;
  name: string;
  variables: CollectionVariable[];
  auth: InheritableAuth;
  children: TreeNode[];
}

/**
 * A saved request as the tree lists it: enough to draw the row and search
 * names and URLs. The whole request lives under its own storage key.
 */
export interface RequestNode {
  type: 'request';
  id: string;
  name: string;
  method: string;
  url: string;
}

export type TreeNode = FolderNode | RequestNode;

/** A collection: name, variables, the auth its requests inherit, and the tree. */
export interface Collection {
  id: string;
  schema: typeof COLLECTION_SCHEMA;
  name: string;
  variables: CollectionVariable[];
  auth: InheritableAuth;
  children: TreeNode[];
}

/** One saved request, whole. */
export interface SavedRequest {
  id: string;
  schema: typeof COLLECTION_SCHEMA;
  name: string;
  /** The request as written, `{{variables}}` and all. With `inheritAuth`, `request.auth` is ignored. */
  request: StoredRequest;
  /** The request takes its auth from the nearest folder (or the collection) that sets one. */
  inheritAuth: boolean;
  variables: CollectionVariable[];
  /** ms since the epoch. */
  savedAt: number;
}

/**
 * A collection with its requests inline: what importers produce, what the
 * project's own export holds, and what is turned into a stored collection.
 */
export interface PortableCollection {
  name: string;
  variables: CollectionVariable[];
  auth: InheritableAuth;
  items: PortableItem[];
}

export type PortableItem =
  | { type: 'folder'; name: string; variables: CollectionVariable[]; auth: InheritableAuth; items: PortableItem[] }
  | {
      type: 'request';
      name: string;
      request: StoredRequest;
      inheritAuth: boolean;
      variables: CollectionVariable[];
    };

/** What an importer read, and what it could not import, each note naming where. */
export interface ImportResult {
  /** The format recognised, for the user: "Postman Collection v2.1". */
  format: string;
  collections: PortableCollection[];
  /** Everything left out or changed (scripts, unsupported auth, saved responses…), never silently. */
  notes: string[];
}
