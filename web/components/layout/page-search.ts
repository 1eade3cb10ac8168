/** The page's own search box (browse's): what the top bar's magnifier focuses. */
const SELECTOR = '#main input[type="search"]';
/** Long enough for the browse page (its own chunk) to load and render after a tap elsewhere, on a slow phone. */
const WAIT_MS = 10_000;
/** Focus given this long ago and still there has stuck. */
const SETTLE_MS = 400;

/**
 * Focuses the page's search box as soon as it is there: at once on /browse, after the navigation
 * renders it elsewhere. Gives up quietly if it never comes.
 */
export function focusPageSearch(leaving: boolean): void {
  const started = performance.now();
  // Leaving a page with a box of its own (home's): wait for the next page's, not that one.
  const old = leaving ? document.querySelector(SELECTOR) : null;
  const attempt = () => {
    const box = document.querySelector<HTMLInputElement>(SELECTOR);
    // Shown, and focused for good: a page still loading keeps its content hidden, and a box
    // rendered once more replaces the one that had the focus.
    if (box && box !== old && box.getClientRects().length > 0) {
      if (document.activeElement !== box) {
        box.focus();
        box.scrollIntoView({ block: 'center' });
      }
      if (document.activeElement === box && performance.now() - started > SETTLE_MS) return;
    }
    if (performance.now() - started < WAIT_MS) requestAnimationFrame(attempt);
  };
  attempt();
}
