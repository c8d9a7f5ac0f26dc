import { useEffect, useState } from 'react';
import { draftFor, valueFromDraft, type InlineDraft, type InlineEditMode, type InlineValue } from './inline-values';
import type { SaveFunction } from './save';

/** How long the done icon shows after a save. */
export const INLINE_DONE_ICON_MS = 2000;

export interface InlineEdit {
  editing: boolean;
  draft: InlineDraft;
  saving: boolean;
  /** A save was refused: the server's field error is for this edit. */
  refused: boolean;
  justSaved: boolean;
  setDraft: (draft: InlineDraft) => void;
  start: () => void;
  cancel: () => void;
  save: () => void;
}

/**
 * Read mode → edit mode → save or cancel. A save leaves edit mode only on
 * success; a refused save stays in edit mode so the error shows under the input.
 */
export function useInlineEdit(value: InlineValue, mode: InlineEditMode, send: SaveFunction): InlineEdit {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<InlineDraft>(() => draftFor(value, mode));
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState(false);
  const [justSaved, setJustSaved] = useState(false);

  useEffect(() => {
    if (!justSaved) return;
    const timer = setTimeout(() => setJustSaved(false), INLINE_DONE_ICON_MS);
    return () => clearTimeout(timer);
  }, [justSaved]);

  const start = () => {
    setDraft(draftFor(value, mode));
    setRefused(false);
    setJustSaved(false);
    setEditing(true);
  };
  const cancel = () => {
    setDraft(draftFor(value, mode));
    setRefused(false);
    setEditing(false);
  };
  const save = () => {
    if (saving) return;
    setSaving(true);
    send(valueFromDraft(draft, mode), {
      onSuccess: () => {
        setEditing(false);
        setRefused(false);
        setJustSaved(true);
      },
      onError: () => setRefused(true),
      onFinish: () => setSaving(false),
    });
  };

  return { editing, draft, saving, refused, justSaved, setDraft, start, cancel, save };
}
