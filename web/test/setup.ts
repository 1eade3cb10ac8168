import '@testing-library/jest-dom/vitest';
import { options } from 'preact';

// Preact runs effects after the next frame: a 35 ms timer that then calls cancelAnimationFrame. When a
// test file ends inside those 35 ms, jsdom's globals are already gone and the timer throws an
// unhandled ReferenceError that fails the whole run (it did in CI once, after admin.test.tsx). A plain
// timer needs no browser global.
options.requestAnimationFrame = (callback) => {
  setTimeout(callback, 0);
};
