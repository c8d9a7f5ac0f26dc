import { usePage } from '@inertiajs/react';
import type { Content } from '../../shared/content';
import type { PageProps } from '../../shared/pages';
import ShareButton from './ShareButton';
import { ROUTES } from '../../shared/routes';

/**
 * Grant Access to one content row (POST /content/{ref}/share), from the item page, for those who may share. The
 * dialog uses the item's sharing explanation; levels below the row's own minimum show nothing of it.
 */
export default function ContentShareButton({ content }: { content: Pick<Content, 'ref' | 'label' | 'minimum_access_level'> }) {
  // Rendered on the item page only, whose props these are.
  const { can, sharingExplanation } = usePage().props as unknown as PageProps<'items/Show'>;
  if (!can.share) return null;
  return (
    <ShareButton
      path={ROUTES.content.path({ ref: content.ref })}
      title={content.label}
      canGrant={can.share}
      maxLevel={can.shareToLevel}
      explanation={sharingExplanation}
      minimumLevel={content.minimum_access_level}
      compact
    />
  );
}
