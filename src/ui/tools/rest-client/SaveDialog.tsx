import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Collection, TreeNode } from '../../../core/collections/model.ts';
import type { SaveDialog as SaveDialogState } from './rest-editor-store.ts';

interface Props {
  dialog: SaveDialogState;
  collections: readonly Collection[];
  /** Where to save by default (the tree's selection). */
  initial: { collectionId: string; parentId: string | null } | null;
  onSave(target: { collectionId: string | null; newCollection: string; parentId: string | null; name: string }): void;
  onCancel(): void;
}

/** Folders of a collection, depth first, with their depth for indenting. */
function foldersOf(nodes: readonly TreeNode[], depth = 0): { id: string; name: string; depth: number }[] {
  return nodes.flatMap((n) =>
    n.type === 'folder' ? [{ id: n.id, name: n.name, depth }, ...foldersOf(n.children, depth + 1)] : [],
  );
}

const NEW = '__new__';

/** Save a request not saved yet: its name, the collection (or a new one) and the folder. */
export function SaveDialog({ dialog, collections, initial, onSave, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [collectionId, setCollectionId] = useState(initial?.collectionId ?? collections[0]?.id ?? NEW);
  const [parentId, setParentId] = useState<string | null>(
    initial?.collectionId === collectionId ? initial.parentId : null,
  );
  const [newName, setNewName] = useState('My collection');
  const [name, setName] = useState(dialog.name);

  useLayoutEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
    nameRef.current?.focus();
  }, []);

  const collection = collections.find((c) => c.id === collectionId);
  const folders = collection ? foldersOf(collection.children) : [];
  const submit = (e: Event) => {
    e.preventDefault();
    onSave({
      collectionId: collectionId === NEW ? null : collectionId,
      newCollection: newName,
      parentId: collectionId === NEW ? null : parentId,
      name,
    });
  };

  return (
    <dialog
      ref={ref}
      class="save-dialog"
      aria-labelledby="save-dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit}>
        <h2 id="save-dialog-title">Save request</h2>
        <label>
          <span>Request name</span>
          <input ref={nameRef} value={name} required onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          <span>Collection</span>
          <select
            value={collectionId}
            onChange={(e) => {
              setCollectionId(e.currentTarget.value);
              setParentId(null);
            }}
          >
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            <option value={NEW}>New collection…</option>
          </select>
        </label>
        {collectionId === NEW ? (
          <label>
            <span>New collection name</span>
            <input value={newName} required onInput={(e) => setNewName(e.currentTarget.value)} />
          </label>
        ) : (
          <label>
            <span>Folder</span>
            <select value={parentId ?? ''} onChange={(e) => setParentId(e.currentTarget.value || null)}>
              <option value="">(top level)</option>
              {folders.map((f) => (
                <option key={f.id} value={f.id}>
                  {`${'\u00a0\u00a0'.repeat(f.depth)}${f.name}`}
                </option>
              ))}
            </select>
          </label>
        )}
        {dialog.error && (
          <p class="error" role="alert">
            {dialog.error}
          </p>
        )}
        <div class="save-dialog-actions">
          <button type="submit" disabled={dialog.busy}>
            Save request
          </button>
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
