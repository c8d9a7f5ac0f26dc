/**
 * The public entry of server/features/images: where item images are stored and how their files are removed. Another
 * feature imports these from here, never a file inside (`.dependency-cruiser.cjs`).
 */
export { removeImageFiles, type StoredImage } from './file-cleanup';
export { imagesDirIn, isMissingFile, largeKeyOf, localImageStore } from './storage';
