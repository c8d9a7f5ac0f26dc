import { Head } from '@inertiajs/react';
import ListGroup from 'react-bootstrap/ListGroup';
import ContentFormatIcon from '../../components/content/ContentFormatIcon';
import AppLink from '../../components/lib/AppLink';
import type { PageProps } from '../../shared/pages';
import { ROUTES } from '../../shared/routes';
import Icon from '../../components/lib/Icon';
import NewTabLink from '../../components/lib/NewTabLink';

/**
 * Equip's own view of an item's drive folder, for the local drive (/i/{ref}/folder): the files this
 * viewer may see, each opening through its content row (or, for editors, the drive's own view).
 */
export default function DriveFolder({ item, folder, entries }: PageProps<'drive/Folder'>) {
  return (
    <>
      <Head title={folder.name} />
      <h1 className="h3 mb-1">
        <Icon name="bi-folder2-open" className="me-2" />
        {folder.name}
      </h1>
      <p className="text-body-secondary">
        {folder.isItemFolder ? 'Drive folder of ' : 'In the drive folder of '}
        <AppLink href={ROUTES.item.path({ ref: item.ref })}>{item.title}</AppLink>
      </p>
      {entries.length === 0 ? (
        <p className="text-body-secondary">There are no files here that you can open.</p>
      ) : (
        <ListGroup aria-label="Files">
          {entries.map((entry) => (
            <ListGroup.Item key={`${entry.name}-${entry.href ?? ''}`} className="d-flex align-items-center gap-3">
              <ContentFormatIcon format={entry.format} />
              <div className="flex-grow-1">
                {entry.href ? (
                  <NewTabLink href={entry.href} rel="noopener">
                    {entry.name}
                  </NewTabLink>
                ) : (
                  entry.name
                )}
                {entry.content_label && entry.content_label !== entry.name && <div className="small text-body-secondary">{entry.content_label}</div>}
              </div>
              {entry.size && <small className="text-body-secondary">{entry.size}</small>}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </>
  );
}
