/** A list answer of the API: one page of items and whether more lie beyond it. */
export interface Page<T> {
  items: T[];
  has_more: boolean;
}
