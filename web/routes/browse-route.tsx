import { BrowsePage } from '@web/features/listings/browse-page';
import { SaveSearchButton } from '@web/features/saved-searches/save-search-button';

/**
 * /browse: the listings feature's page with the saved-searches feature's "Save search" button, and its
 * "save and notify me" form when nothing matches.
 */
export function BrowseRoute() {
  return (
    <BrowsePage saveSearch={<SaveSearchButton />} saveSearchWhenEmpty={<SaveSearchButton whenEmpty />} />
  );
}
