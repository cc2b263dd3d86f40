/** A source could not be read; its message is one the person who added the source can act on. */
export class SourceReadError extends Error {
  override readonly name = 'SourceReadError';
}
