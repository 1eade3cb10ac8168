import { CROP_JPEG_QUALITY } from '@common/limits';
import type { Area } from 'react-easy-crop';

/** Longest side of the saved crop: the server makes its display sizes from it, more only costs upload time. */
const MAX_SIDE = 2560;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/** Draws the chosen area on a canvas and saves it as a JPEG (quality 0.9) under the original file name. */
export async function cropToFile(src: string, area: Area, fileName: string): Promise<File> {
  const image = await loadImage(src);
  const scale = Math.min(1, MAX_SIDE / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', CROP_JPEG_QUALITY),
  );
  if (!blob) throw new Error('The crop could not be encoded');
  return new File([blob], fileName, { type: 'image/jpeg', lastModified: Date.now() });
}
