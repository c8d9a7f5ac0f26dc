import { useState } from 'react';
import { TAXONOMY_TEXTS, type AdminTag, type TagMoveTarget } from '../../shared/taxonomies-admin';
import { ROUTES } from '../../shared/routes';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormSelectField from '../forms/FormSelectField';
import { useOnDemandProp } from '../lib/useOnDemandProp';
import { buildTagTree, findTagNode, refsAtAndBelow } from './tag-tree';

interface MoveTagModalProps {
  /** The tag being moved; null while the dialog is closed. */
  tag: AdminTag | null;
  taxonomyRef: string;
  /** This taxonomy's tags: the moved tag's own subtree cannot be its parent. */
  tags: AdminTag[];
  /** The page's on-demand `moveTargets`, when loaded. */
  moveTargets: TagMoveTarget[] | undefined;
  onHide: () => void;
}

interface MoveTagForm {
  taxonomy_ref: string;
  parent_ref: string;
  [key: string]: string;
}

/**
 * Move to…: choose a taxonomy and a parent tag in it (or the top level); the tag goes last there with
 * its child tags. The choices are the page's on-demand `moveTargets`; the server's refusals show under the fields.
 */
export default function MoveTagModal({ tag: asked, taxonomyRef, tags, moveTargets, onHide }: MoveTagModalProps) {
  const show = asked !== null;
  // The dialog keeps naming the tag while it fades out after closing.
  const [tag, setTag] = useState(asked);
  if (asked !== null && asked !== tag) setTag(asked);
  const targets = useOnDemandProp('moveTargets', moveTargets, show);
  const { form, formId, reset, submit } = useCreateForm<MoveTagForm>(
    () => ({ taxonomy_ref: taxonomyRef, parent_ref: tag?.parentRef ?? '' }),
    () => ROUTES.adminTagMove.path({ ref: tag?.ref ?? '' }),
    onHide,
  );
  const target = targets?.find((candidate) => candidate.ref === form.data.taxonomy_ref);
  const ownSubtree = tag ? blockedParents(tags, tag.ref) : new Set<string>();
  const parents = (target?.tags ?? []).filter((candidate) => !ownSubtree.has(candidate.ref));

  return (
    <CreateDialog
      show={show}
      onHide={onHide}
      title={tag ? `${TAXONOMY_TEXTS.moveDialog}: ${tag.label}` : TAXONOMY_TEXTS.moveDialog}
      formId={formId}
      processing={form.processing}
      reset={reset}
      submit={submit}
      submitLabel={TAXONOMY_TEXTS.move}
      submitDisabled={!targets}
    >
      <FormSelectField
        controlId={`${formId}-taxonomy`}
        label={TAXONOMY_TEXTS.taxonomy}
        name="taxonomy_ref"
        value={form.data.taxonomy_ref}
        error={form.errors.taxonomy_ref}
        onChange={(value) => form.setData({ taxonomy_ref: value, parent_ref: '' })}
      >
        {targets ? (
          targets.map((candidate) => (
            <option key={candidate.ref} value={candidate.ref}>
              {candidate.title}
            </option>
          ))
        ) : (
          <option value={form.data.taxonomy_ref}>{TAXONOMY_TEXTS.loading}</option>
        )}
      </FormSelectField>
      <FormSelectField
        controlId={`${formId}-parent`}
        label={TAXONOMY_TEXTS.parent}
        name="parent_ref"
        value={form.data.parent_ref}
        error={form.errors.parent_ref}
        onChange={(value) => form.setData('parent_ref', value)}
      >
        <option value="">{TAXONOMY_TEXTS.noParent}</option>
        {parents.map((candidate) => (
          <option key={candidate.ref} value={candidate.ref}>
            {candidate.fullLabel}
          </option>
        ))}
      </FormSelectField>
    </CreateDialog>
  );
}

/** The tag and the tags below it in this taxonomy: none of them can become its parent (the server refuses a cycle too). */
function blockedParents(tags: AdminTag[], tagRef: string): Set<string> {
  const node = findTagNode(buildTagTree(tags), tagRef);
  return node ? refsAtAndBelow(node) : new Set([tagRef]);
}
