/** The kind of the task that a page check records its progress under (task_progress.kind). */
export const PAGE_WATCH_KIND = 'page-watch';
