import { listingKeys } from '@web/features/listings/listings-api';
import { sellerKeys } from '@web/features/sellers/sellers-api';
import { describe, expect, it } from 'vitest';
import { isAnsweredForViewer } from './seed';

describe('isAnsweredForViewer', () => {
  it('is an ad detail only: lists and seller pages are the same for everyone', () => {
    expect(isAnsweredForViewer(listingKeys.detail('ad-1'))).toBe(true);
    expect(isAnsweredForViewer(listingKeys.latest())).toBe(false);
    expect(isAnsweredForViewer(listingKeys.all)).toBe(false);
    expect(isAnsweredForViewer(sellerKeys.profile('s-1'))).toBe(false);
  });
});
