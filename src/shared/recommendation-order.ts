/**
 * The one order in which recommendations are listed, on the web report, the shared page and the PDF.
 *
 * Priority first (High, Medium, Low), because priority is what the audit asks people to act on: it
 * comes from the unrounded gain and keeps a failed indexing check, and the fixes waiting behind it, at
 * the top. Within a priority, the larger score impact first; then the quicker fix (fewer estimated
 * hours); then the title in alphabetical order, so that equal recommendations always come out in the
 * same order whatever order they were stored in.
 */
type Sortable = { title: string; priority: 'High' | 'Medium' | 'Low'; scoreImpact: number; estimatedHours: number };

const priorityRank: Record<Sortable['priority'], number> = { High: 0, Medium: 1, Low: 2 };

export function compareRecommendations(a: Sortable, b: Sortable): number {
  return (
    priorityRank[a.priority] - priorityRank[b.priority] ||
    b.scoreImpact - a.scoreImpact ||
    a.estimatedHours - b.estimatedHours ||
    (a.title < b.title ? -1 : a.title > b.title ? 1 : 0)
  );
}

/** A sorted copy; the input is left as it is. */
export function sortRecommendations<T extends Sortable>(recommendations: readonly T[]): T[] {
  return [...recommendations].sort(compareRecommendations);
}
