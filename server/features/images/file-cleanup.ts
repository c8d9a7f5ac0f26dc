import type { FastifyBaseLogger } from 'fastify';
import type { ItemImageRow } from './queries';
import { largeKeyOf, type ImageStore } from './storage';

export type StoredImage = Pick<ItemImageRow, 'ref' | 'source' | 'storageKey'>;

/** The files an image row owns: an upload's original and large thumbnail. Stock pictures are shared, so no row owns them. */
export function ownedFileKeys(image: StoredImage): string[] {
  return image.source === 'upload' ? [image.storageKey, largeKeyOf(image.storageKey)] : [];
}

/**
 * Removes the files of image rows that are already deleted. A failure is only logged: nobody can
 * reach the files without their rows, so an orphaned file costs disk space and nothing else.
 */
export async function removeImageFiles(store: ImageStore, images: readonly StoredImage[], log: FastifyBaseLogger): Promise<void> {
  const keys = images.flatMap(ownedFileKeys);
  if (keys.length === 0) return;
  try {
    await store.remove(keys);
  } catch (error) {
    log.warn({ err: error, imageRefs: images.map((image) => image.ref) }, 'could not remove the files of deleted images');
  }
}
