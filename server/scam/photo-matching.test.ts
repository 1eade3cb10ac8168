import { describe, expect, it } from 'vitest';
import { hammingDistance, hashImage } from './photo-hash';
import { bandProbes, PHOTO_MATCH_DISTANCE } from './photo-matching';
import { buildPhotoSet, seededRandom } from './photo-test-set';

/**
 * The photo-pair test set of issue 30: copies made with sharp from distinct source images (re-encoded,
 * resized, cropped up to 5% per side, lightly brightened, and all of it at once) must match, distinct
 * photos, the same gun model in another photo included, must not. Prints recall and false positives.
 */
describe('the photo-pair test set', () => {
  it('finds at least 95% of the copies and flags no pair of distinct photos', {
    timeout: 240_000,
  }, async () => {
    const set = await buildPhotoSet({ seed: 30, sources: 24, copiesPerKind: 2, sameModel: 16 });
    const hash = async (photo: Buffer) => {
      const value = await hashImage(photo);
      if (value === null) throw new Error('a drawn photo has structure');
      return value;
    };
    let copies = 0;
    let found = 0;
    const missedByKind: Record<string, number> = {};
    const originals: bigint[] = [];
    for (const source of set.sources) {
      const original = await hash(source.photo);
      originals.push(original);
      for (const copy of source.copies) {
        copies++;
        if (hammingDistance(original, await hash(copy.photo)) <= PHOTO_MATCH_DISTANCE) found++;
        else missedByKind[copy.kind] = (missedByKind[copy.kind] ?? 0) + 1;
      }
    }
    const distinct = [...originals, ...(await Promise.all(set.sameModel.map(hash)))];
    let pairs = 0;
    let falsePositives = 0;
    let closest = 64;
    for (let i = 0; i < distinct.length; i++)
      for (let j = i + 1; j < distinct.length; j++) {
        pairs++;
        const distance = hammingDistance(distinct[i] ?? 0n, distinct[j] ?? 0n);
        closest = Math.min(closest, distance);
        if (distance <= PHOTO_MATCH_DISTANCE) falsePositives++;
      }
    const recall = found / copies;
    console.log(
      `photo-pair test set: recall ${recall.toFixed(3)} (${found}/${copies} copies, missed ${JSON.stringify(missedByKind)}), ` +
        `false positives ${falsePositives}/${pairs} distinct pairs (closest ${closest} bits apart, threshold ${PHOTO_MATCH_DISTANCE})`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(falsePositives).toBe(0);
  });
});

describe('band probes', () => {
  it('reach every hash within 5 bits (pigeonhole over three bands, one bit each)', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 300; trial++) {
      const hash = BigInt.asIntN(
        64,
        (BigInt(Math.floor(random() * 2 ** 32)) << 32n) | BigInt(Math.floor(random() * 2 ** 32)),
      );
      let near = hash;
      const flips = new Set<number>();
      while (flips.size < 5) flips.add(Math.floor(random() * 64));
      for (const bit of flips) near = BigInt.asIntN(64, near ^ (1n << BigInt(bit)));
      const [b0, b1, b2] = bandProbes([hash]);
      const [n0, n1, n2] = bandProbes([near]).map((probes) => probes[0]);
      expect(b0?.includes(n0 ?? -1) || b1?.includes(n1 ?? -1) || b2?.includes(n2 ?? -1)).toBe(true);
    }
  });
});
