// A check's flagged items: every id counted, the first ones kept with one line of why (and the
// Scorer link the caller builds), so a 10,000-item file checks in flat memory.

/** Items a list keeps in full (id, why, link); the count and the id list go on past it. */
export const MAX_LISTED = 200;
/** Ids a list keeps (ids are short; the count is always exact). */
export const MAX_IDS = 10_000;

export interface ListedItem {
  id: string;
  /** One line: why the item is listed. */
  why: string;
  /** The item in the Scorer, when the caller gives a way to link it. */
  scorer?: string;
}

export interface ItemList {
  /** Items the check looked at. */
  n: number;
  /** Items it flagged. */
  count: number;
  share: number;
  ids: string[];
  items: ListedItem[];
  /** Whether items (or ids) stop short of count. */
  truncated: boolean;
}

export class ItemListBuilder {
  n = 0;
  private count = 0;
  private readonly ids: string[] = [];
  private readonly items: ListedItem[] = [];

  /** Counts one checked item. */
  checked(): void {
    this.n++;
  }

  flag(id: string, why: () => string, link?: () => string | undefined): void {
    this.count++;
    if (this.ids.length < MAX_IDS) this.ids.push(id);
    if (this.items.length < MAX_LISTED) {
      const scorer = link?.();
      this.items.push(scorer === undefined ? { id, why: why() } : { id, why: why(), scorer });
    }
  }

  build(): ItemList {
    return {
      n: this.n,
      count: this.count,
      share: this.n ? this.count / this.n : NaN,
      ids: [...this.ids],
      items: [...this.items],
      truncated: this.items.length < this.count,
    };
  }
}
