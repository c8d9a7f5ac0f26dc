import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';
import NewTabLink from '../lib/NewTabLink';

/** Opens the item's drive folder through the server, which checks access first (/i/{ref}/folder). */
export default function DriveFolderLink({ itemRef, folderId }: { itemRef: string; folderId: string | null }) {
  if (!folderId) return null;
  return (
    <p className="mb-3">
      {/* A plain link: the server answers with a redirect to the drive, outside the app. */}
      <NewTabLink href={ROUTES.itemFolder.path({ ref: itemRef })} className="btn btn-outline-secondary btn-sm" rel="noopener">
        <Icon name="bi-folder2-open" className="me-1" />
        Open the drive folder
      </NewTabLink>
    </p>
  );
}
