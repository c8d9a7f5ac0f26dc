import { describe, expect, it } from 'vitest';
import { leadPictureRefs } from '../../components/lib/lead-pictures';

describe('the pictures that load first', () => {
  it('are those of the first two cards that have one, in the order shown', () => {
    const cards = [
      { ref: 'a', picture: null },
      { ref: 'b', picture: '/image/b/large' },
      { ref: 'c', picture: undefined },
      { ref: 'd', picture: '/image/d/large' },
      { ref: 'e', picture: '/image/e/large' },
    ];
    expect([...leadPictureRefs(cards)]).toEqual(['b', 'd']);
    expect(leadPictureRefs([{ ref: 'a', picture: null }]).size).toBe(0);
  });
});
