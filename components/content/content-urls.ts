/** Where the content calls go (member-library §7). */
export const contentUploadUrl = (itemRef: string) => `/i/${itemRef}/content/upload`;
export const contentLinkUrl = (itemRef: string) => `/i/${itemRef}/content`;
export const itemFolderUrl = (itemRef: string) => `/i/${itemRef}/folder`;
export const contentEditUrl = (contentRef: string) => `/content/${contentRef}`;
export const contentRepositionUrl = (contentRef: string) => `/content/${contentRef}/reposition`;
