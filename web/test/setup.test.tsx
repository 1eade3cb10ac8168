import { render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { expect, it, vi } from 'vitest';

/** Counts to two on timers, outside act(), as a late API answer would: each count schedules an effect. */
function CountsOnTimers() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= 2) return;
    const timer = setTimeout(() => setCount(count + 1), 0);
    return () => clearTimeout(timer);
  }, [count]);
  return <p>{count}</p>;
}

it('runs effects without the browser frame globals, which are gone once a test file is torn down', async () => {
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.stubGlobal('cancelAnimationFrame', undefined);
  try {
    const view = render(<CountsOnTimers />);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(view.container.textContent).toBe('2');
  } finally {
    vi.unstubAllGlobals();
  }
});
