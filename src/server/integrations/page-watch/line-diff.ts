/**
 * A line diff of two texts by their longest common subsequence: the lines removed from the older
 * text and added in the newer, in reading order, with a few unchanged lines around each change so
 * a reader knows where on the page it is. The lines both texts start and end with are set aside
 * before the quadratic part, which then only sees the changed middle.
 */

/** 'gap' stands for unchanged lines left out between two changes. */
export type DiffLine = { kind: 'added' | 'removed' | 'context' | 'gap'; text: string };
export type LineDiff = { lines: DiffLine[]; added: number; removed: number };

/** Unchanged lines shown on either side of a change. */
export const CONTEXT_LINES = 2;
/** Past this many cells the middle is shown as all removed then all added (still correct, less tidy). */
const MAX_TABLE_CELLS = 4_000_000;

type Op = { kind: 'same' | 'added' | 'removed'; text: string };

function lcsOps(before: string[], after: string[]): Op[] {
  const n = before.length;
  const m = after.length;
  if (n * m > MAX_TABLE_CELLS) {
    return [
      ...before.map((text) => ({ kind: 'removed' as const, text })),
      ...after.map((text) => ({ kind: 'added' as const, text })),
    ];
  }
  // lengths[i][j]: the LCS of before[i..] and after[j..], in one flat array.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] =
        before[i] === after[j]
          ? (lengths[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lengths[(i + 1) * width + j] as number, lengths[i * width + j + 1] as number);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      ops.push({ kind: 'same', text: before[i++] as string });
      j++;
    } else if ((lengths[(i + 1) * width + j] as number) >= (lengths[i * width + j + 1] as number)) {
      ops.push({ kind: 'removed', text: before[i++] as string });
    } else {
      ops.push({ kind: 'added', text: after[j++] as string });
    }
  }
  while (i < n) ops.push({ kind: 'removed', text: before[i++] as string });
  while (j < m) ops.push({ kind: 'added', text: after[j++] as string });
  return ops;
}

const splitLines = (text: string) => (text === '' ? [] : text.split('\n'));

export function diffLines(beforeText: string, afterText: string, context = CONTEXT_LINES): LineDiff {
  const before = splitLines(beforeText);
  const after = splitLines(afterText);
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end++;
  }
  const ops: Op[] = [
    ...before.slice(0, start).map((text) => ({ kind: 'same' as const, text })),
    ...lcsOps(before.slice(start, before.length - end), after.slice(start, after.length - end)),
    ...before.slice(before.length - end).map((text) => ({ kind: 'same' as const, text })),
  ];
  const near = new Array<boolean>(ops.length).fill(false);
  ops.forEach((op, index) => {
    if (op.kind === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(ops.length - 1, index + context); k++) near[k] = true;
  });
  const lines: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  ops.forEach((op, index) => {
    if (op.kind === 'added') added++;
    if (op.kind === 'removed') removed++;
    if (!near[index]) return;
    if (lines.length > 0 && index > 0 && !near[index - 1]) lines.push({ kind: 'gap', text: '…' });
    lines.push({ kind: op.kind === 'same' ? 'context' : op.kind, text: op.text });
  });
  return { lines, added, removed };
}
