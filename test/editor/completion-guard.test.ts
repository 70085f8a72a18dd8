/**
 * The completion source's guard for huge lines: while typing it reads at most
 * 256 characters before the cursor, so a pasted 1 MB line costs nothing;
 * asked for (Ctrl-Space), it still answers. Expected results are written by hand.
 */
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { robotsCompletion } from '../../src/editor/completion';

function complete(doc: string, explicit: boolean): CompletionResult | null {
  const state = EditorState.create({ doc });
  return robotsCompletion(new CompletionContext(state, doc.length, explicit)) as CompletionResult | null;
}

describe('completion on a very long line', () => {
  it('a crawler token 256 characters in is still completed while typing', () => {
    const doc = `User-agent:${' '.repeat(256 - 'User-agent:'.length - 3)}Goo`;
    expect(doc.length).toBe(256);
    expect(complete(doc, false)?.from).toBe(253);
  });

  it('one character further, typing gets nothing; asking explicitly still completes', () => {
    const doc = `User-agent:${' '.repeat(257 - 'User-agent:'.length - 3)}Goo`;
    expect(complete(doc, false)).toBeNull();
    expect(complete(doc, true)?.from).toBe(254);
  });
});
