import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEmailComposer } from './composer.ts';
import { emailComposerFor, registerEmailComposer } from './registry.ts';

const compose = async () => ({ subject: 's', html: '<p>h</p>', text: 't', attachments: [] });

describe('the e-mail composer registry', () => {
  it('finds a registered composer by its kind', () => {
    const composer = defineEmailComposer({ kind: 'registry-test', params: z.object({}), compose });
    registerEmailComposer(composer);
    registerEmailComposer(composer);
    expect(emailComposerFor('registry-test')).toBe(composer);
    expect(emailComposerFor('no-such-kind')).toBeUndefined();
  });

  it('refuses a second composer for a kind and a kind that is not a plain name', () => {
    registerEmailComposer(defineEmailComposer({ kind: 'registry-twice', params: z.object({}), compose }));
    expect(() =>
      registerEmailComposer(defineEmailComposer({ kind: 'registry-twice', params: z.object({}), compose })),
    ).toThrow('Two e-mail composers are named "registry-twice"');
    expect(() => defineEmailComposer({ kind: 'Has Spaces', params: z.object({}), compose })).toThrow(/lower-case/);
  });
});
