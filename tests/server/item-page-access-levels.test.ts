import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app';
import { visit } from '../support/http';
import { REFS, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);

async function accessLevelChoices(who: Who, ref: string): Promise<number[]> {
  const { page } = await visit(ctx.app, `/i/${ref}`, await jarOf(who));
  return page.props.accessLevelChoices;
}

describe('the minimum access levels the item page offers', () => {
  it('are every level for admins', async () => {
    expect(await accessLevelChoices('admin', REFS.public)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('go up to the maintainer’s own level', async () => {
    expect(await accessLevelChoices('team', REFS.public)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await accessLevelChoices('member', REFS.draft)).toEqual([0, 1]);
  });

  it('are none for viewers who do not edit the item', async () => {
    expect(await accessLevelChoices('staff', REFS.public)).toEqual([]);
    expect(await accessLevelChoices('anonymous', REFS.public)).toEqual([]);
  });
});
