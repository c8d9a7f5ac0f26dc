import { describe, expect, it } from 'vitest';
import { defaultContentLabel, itemFolderName, ITEM_FOLDER_NAME_MAX } from '../../../server/drive/naming';

describe('item folder names', () => {
  it('are the item code and title', () => {
    expect(itemFolderName({ code: 'W-1042', title: 'Holiday club: week one' })).toBe('W-1042 Holiday club week one');
  });

  it('turn characters drives and file systems mishandle into single spaces', () => {
    expect(itemFolderName({ code: 'W-7', title: 'A/B \\ "C" <D>|E?*\u0000\u0007F\nG' })).toBe('W-7 A B C D E F G');
  });

  it('are cut to a length every drive accepts', () => {
    const name = itemFolderName({ code: 'W-1', title: 'x'.repeat(500) });
    expect(name).toHaveLength(ITEM_FOLDER_NAME_MAX);
    expect(name.startsWith('W-1 xxx')).toBe(true);
  });
});

describe('default content labels (member-library §5)', () => {
  it('drop the extension and any " [folder]" suffix', () => {
    expect(defaultContentLabel('Leader guide.pdf')).toBe('Leader guide');
    expect(defaultContentLabel('Session plans [folder]')).toBe('Session plans');
    expect(defaultContentLabel('Talks.pptx [folder]')).toBe('Talks');
  });

  it('keep labels of 32 characters and cut longer ones to 29 plus "..."', () => {
    const exactly32 = 'a'.repeat(32);
    expect(defaultContentLabel(`${exactly32}.docx`)).toBe(exactly32);
    expect(defaultContentLabel(`${'b'.repeat(33)}.docx`)).toBe(`${'b'.repeat(29)}...`);
  });

  it('keep a name that is only an extension rather than answer an empty label', () => {
    expect(defaultContentLabel('.pdf')).toBe('.pdf');
  });
});
