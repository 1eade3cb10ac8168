import { type ReactNode, useEffect, useState } from 'react';

/**
 * Renders its children only once the browser has painted what came with it: for what may come a
 * moment later (a lazy form beside the ad, the pictures after the first), so that fetching and running
 * it does not hold up the paint of the page's largest image.
 */
export function AfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The task after the next animation frame runs once that frame has been drawn.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? children : null;
}
