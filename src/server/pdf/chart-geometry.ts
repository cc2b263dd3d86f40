/** Plain geometry for the PDF's charts, kept apart from the drawing so it can be tested. */

/** A rounded top for a count axis and its ticks: at most five, on steps of 1, 2 or 5 times a power of ten. */
export function countAxis(max: number): { top: number; ticks: number[] } {
  if (max <= 0) return { top: 1, ticks: [0, 1] };
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const found = [1, 2, 5].map((unit) => unit * power).find((candidate) => Math.ceil(max / candidate) <= 4);
    if (found) {
      step = found;
      break;
    }
  }
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return { top, ticks };
}

/** Which of `count` steps get a label: evenly spread, always the first and the last. */
export function labelIndices(count: number, maxLabels: number): number[] {
  if (count <= 0) return [];
  if (count <= maxLabels) return Array.from({ length: count }, (_, i) => i);
  const every = Math.ceil((count - 1) / (maxLabels - 1));
  const indices: number[] = [];
  for (let i = 0; i < count - 1; i += every) indices.push(i);
  // the last label, unless it would crowd the one before it
  if (count - 1 - (indices.at(-1) ?? 0) < every / 2) indices.pop();
  indices.push(count - 1);
  return indices;
}

/**
 * An SVG path through the values that have one; a missing value (a step without mentions) breaks
 * the line rather than drawing through a figure nobody measured.
 */
export function gappedLinePath(
  values: readonly (number | null)[],
  x: (index: number) => number,
  y: (value: number) => number,
): string {
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'} ${x(index).toFixed(2)} ${y(value).toFixed(2)} `;
    drawing = true;
  });
  return path.trim();
}
