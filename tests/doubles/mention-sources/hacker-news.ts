/**
 * A loopback double of the Algolia HN Search API's `search_by_date`: `query` (a quoted phrase is
 * matched as a phrase), `tags=(story,comment)`, `numericFilters=created_at_i>N`, `hitsPerPage`
 * and `page` (0-based), answering `{ hits, nbHits, page, nbPages, hitsPerPage, ... }` newest
 * first, hits shaped as Algolia's (objectID, created_at, created_at_i, author, title, url,
 * story_text, comment_text, story_id, story_title, points, num_comments, _tags).
 */
import { type HttpDouble, matchesPhrase, sendJson, startHttpDouble } from './http-double.ts';

export type HnItem = {
  id: string;
  kind: 'story' | 'comment';
  author: string;
  createdAt: Date;
  title?: string;
  url?: string | null;
  text?: string;
  storyTitle?: string;
  points?: number | null;
  comments?: number;
};

export type HackerNewsDouble = HttpDouble & { apiUrl: string; setItems(items: HnItem[]): void };

export function hitOf(item: HnItem) {
  const seconds = Math.floor(item.createdAt.getTime() / 1000);
  const common = {
    objectID: item.id,
    created_at: item.createdAt.toISOString(),
    created_at_i: seconds,
    author: item.author,
    points: item.points ?? null,
    _tags: [item.kind, `author_${item.author}`, item.kind === 'story' ? `story_${item.id}` : 'story_1'],
    _highlightResult: {},
  };
  return item.kind === 'story'
    ? {
        ...common,
        title: item.title ?? '',
        url: item.url ?? null,
        story_text: item.text ?? null,
        num_comments: item.comments ?? 0,
        story_id: Number(item.id),
      }
    : {
        ...common,
        comment_text: item.text ?? '',
        story_id: 1,
        story_title: item.storyTitle ?? null,
        parent_id: 1,
        title: null,
        url: null,
      };
}

export async function startHackerNewsDouble(): Promise<HackerNewsDouble> {
  let items: HnItem[] = [];
  const double = await startHttpDouble((url, _request, response) => {
    if (url.pathname !== '/api/v1/search_by_date') return response.writeHead(404).end('{"message":"Not Found"}');
    const phrase = (url.searchParams.get('query') ?? '').replace(/"/g, '').trim();
    const tags = url.searchParams.get('tags') ?? '';
    const after = /created_at_i>(\d+)/.exec(url.searchParams.get('numericFilters') ?? '')?.[1];
    const perPage = Math.min(1000, Number(url.searchParams.get('hitsPerPage') ?? '20'));
    const page = Number(url.searchParams.get('page') ?? '0');
    const matching = items
      .filter((item) => !tags || tags.includes(item.kind))
      .filter((item) => !after || item.createdAt.getTime() / 1000 > Number(after))
      .filter((item) => matchesPhrase(`${item.title ?? ''} ${item.text ?? ''} ${item.url ?? ''}`, phrase))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const nbPages = Math.ceil(matching.length / perPage);
    sendJson(response, {
      hits: matching.slice(page * perPage, (page + 1) * perPage).map(hitOf),
      nbHits: matching.length,
      page,
      nbPages,
      hitsPerPage: perPage,
      exhaustiveNbHits: true,
      query: url.searchParams.get('query'),
      params: url.search.slice(1),
      processingTimeMS: 1,
    });
  });
  return {
    ...double,
    apiUrl: `${double.origin}/api/v1`,
    setItems(next) {
      items = next;
    },
  };
}
