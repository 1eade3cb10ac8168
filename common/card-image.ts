/**
 * The responsive sources of an ad card's picture. The server preloads the first card's image with
 * the same srcset and sizes (server/seo/page-meta.ts), so the browser picks one file for both.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 480px) 50vw, calc(100vw - 24px)';

/** Display sizes made by the upload pipeline (server/images/process-image.ts). */
export const cardImageSrcset = (image: { card: string; large: string }) =>
  `${image.card} 640w, ${image.large} 1600w`;
