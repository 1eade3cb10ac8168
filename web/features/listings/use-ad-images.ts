import { MAX_IMAGES } from '@common/limits';
import type { AdImage, UploadResult } from '@common/schemas/ads';
import { ApiError } from '@web/lib/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { uploadImage } from './upload-image';

export type ExistingImage = { key: string; kind: 'existing'; image: AdImage };
export type NewImage = {
  key: string;
  kind: 'new';
  /** The cropped JPEG being uploaded. */
  file: File;
  /** The file as chosen, kept so the user can crop it again. */
  source: File;
  previewUrl: string;
  status: 'uploading' | 'done' | 'error';
  progress: number;
  result: UploadResult | null;
  /** The API's refusal, its code translated by the tile; null for a network failure (the UI shows its own words). */
  error: ApiError | null;
};
export type ImageItem = ExistingImage | NewImage;

export type AdImages = {
  items: ImageItem[];
  max: number;
  /** Ids for AdInput.imageIds: kept existing images, then finished uploads, in display order, at most 5. */
  ids: string[];
  uploading: boolean;
  failed: boolean;
  /** Adds a cropped file and starts its upload; `slot` replaces the image at that position. */
  add(file: File, source: File, slot?: number): void;
  remove(key: string): void;
  retry(key: string): void;
  /** Moves an image `step` places (-1 earlier, 1 later); the first one is the ad's main photo. */
  move(key: string, step: number): void;
};

/** `items` with the one at `from` moved to `to` (both clamped to the list). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.min(items.length - 1, Math.max(0, to));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

let nextKey = 0;
const newKey = () => `image-${++nextKey}`;

/** The images of the ad form. Each new image uploads as soon as it is cropped, with its progress. */
export function useAdImages(initial: readonly AdImage[] = [], max = MAX_IMAGES): AdImages {
  const [items, setItems] = useState<ImageItem[]>(() =>
    initial.slice(0, max).map((image) => ({ key: newKey(), kind: 'existing', image })),
  );
  const uploads = useRef(new Map<string, AbortController>());
  const previewUrls = useRef(new Set<string>());

  const patch = useCallback((key: string, change: Partial<NewImage>) => {
    setItems((current) =>
      current.map((item) => (item.key === key && item.kind === 'new' ? { ...item, ...change } : item)),
    );
  }, []);

  const startUpload = useCallback(
    (key: string, file: File) => {
      uploads.current.get(key)?.abort();
      const controller = new AbortController();
      uploads.current.set(key, controller);
      uploadImage(file, (progress) => patch(key, { progress }), controller.signal)
        .then((result) => patch(key, { status: 'done', progress: 1, result, error: null }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const refusal = error instanceof ApiError && error.status !== 0 ? error : null;
          patch(key, { status: 'error', error: refusal });
        })
        .finally(() => {
          if (uploads.current.get(key) === controller) uploads.current.delete(key);
        });
    },
    [patch],
  );

  const forget = useCallback((item: ImageItem | undefined) => {
    if (item?.kind !== 'new') return;
    uploads.current.get(item.key)?.abort();
    uploads.current.delete(item.key);
    URL.revokeObjectURL(item.previewUrl);
    previewUrls.current.delete(item.previewUrl);
  }, []);

  const add = useCallback(
    (file: File, source: File, slot?: number) => {
      const previewUrl = URL.createObjectURL(file);
      previewUrls.current.add(previewUrl);
      const item: NewImage = {
        key: newKey(),
        kind: 'new',
        file,
        source,
        previewUrl,
        status: 'uploading',
        progress: 0,
        result: null,
        error: null,
      };
      setItems((current) => {
        if (slot !== undefined && slot >= 0 && slot < current.length) {
          forget(current[slot]);
          return current.map((existing, index) => (index === slot ? item : existing));
        }
        return current.length < max ? [...current, item] : current;
      });
      startUpload(item.key, file);
    },
    [forget, max, startUpload],
  );

  const remove = useCallback(
    (key: string) => {
      setItems((current) => {
        forget(current.find((item) => item.key === key));
        return current.filter((item) => item.key !== key);
      });
    },
    [forget],
  );

  const retry = useCallback(
    (key: string) => {
      const item = items.find((candidate) => candidate.key === key);
      if (item?.kind !== 'new') return;
      patch(key, { status: 'uploading', progress: 0, error: null });
      startUpload(key, item.file);
    },
    [items, patch, startUpload],
  );

  const move = useCallback((key: string, step: number) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.key === key);
      return moved(current, from, from + step);
    });
  }, []);

  // Leaving the form stops unfinished uploads and frees the previews.
  useEffect(() => {
    const pending = uploads.current;
    const urls = previewUrls.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  return useMemo(() => {
    const ids = items
      .map((item) => (item.kind === 'existing' ? item.image.id : item.result?.id))
      .filter((id): id is string => Boolean(id))
      .slice(0, max);
    return {
      items,
      max,
      ids,
      uploading: items.some((item) => item.kind === 'new' && item.status === 'uploading'),
      failed: items.some((item) => item.kind === 'new' && item.status === 'error'),
      add,
      remove,
      retry,
      move,
    };
  }, [items, max, add, remove, retry, move]);
}
