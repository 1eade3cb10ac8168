import { describe, expect, it } from 'vitest';
import { adInputSchema } from '../../common/schemas/ads';
import { POSTS, postAdBody } from './virtual-user';

describe('bench:load post-ad body', () => {
  // Issue 32, item 8: the weapons were posted without legal category and declaration, so every such
  // post was a 400 and the run could never meet its zero-error budget.
  it.each(POSTS.map((post, at) => [post.title, at] as const))(
    'is accepted by the API schema: %s',
    (_, at) => {
      const body = postAdBody(
        (values) => ((values as readonly unknown[]) === POSTS ? POSTS[at] : values[0]) as never,
        Math.random,
        crypto.randomUUID(),
      );
      const parsed = adInputSchema.safeParse(body);
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );
});
