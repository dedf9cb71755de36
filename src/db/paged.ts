/**
 * Reads page after page as one async iterable: each page is one store call, so other flows' calls
 * run between two pages (a statement kept open across awaits would hold the one connection).
 */
export async function* paged<T, C>(page: (cursor: C | undefined) => Promise<{ items: T[]; next: C | undefined }>): AsyncGenerator<T> {
  let cursor: C | undefined;
  do {
    const result = await page(cursor);
    yield* result.items;
    cursor = result.next;
  } while (cursor !== undefined);
}
