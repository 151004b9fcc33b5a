import type { TextGroups } from './text-groups.js';

/** A lineup's text and its artists' groups, shared by the documents with that very lineup. */
export interface Lineup {
  id: number;
  text: string;
  artists: number[];
  documents: number;
}

/**
 * The distinct lineups of the concert index (decision 0049): a walk for artist candidates marks the
 * lineups that hold them and reads one mark per document. A lineup whose last document leaves goes at
 * once, and its number is given to the next new lineup.
 */
export class Lineups {
  private readonly byText = new Map<string, Lineup>();
  /** Per artist group, the lineups it is in. */
  private readonly ofArtist: number[][] = [];
  private readonly free: number[] = [];
  private next = 0;
  /** Per lineup, the query that last marked it. */
  private markedBy = new Uint32Array(1_024);

  constructor(private readonly artists: TextGroups) {}

  /** The lineup of `text`, with one more document. */
  take(text: string): Lineup {
    const known = this.byText.get(text);
    if (known) {
      known.documents += 1;
      return known;
    }
    // Each name once: a name listed twice in one lineup holds the document once.
    const names = [...new Set(text.split('\n').filter((name) => name !== ''))];
    const lineup: Lineup = {
      id: this.free.pop() ?? this.next++,
      text,
      artists: names.map((name) => this.artists.groupOf(name)),
      documents: 1,
    };
    this.byText.set(text, lineup);
    for (const artist of lineup.artists) {
      while (this.ofArtist.length <= artist) this.ofArtist.push([]);
      (this.ofArtist[artist] as number[]).push(lineup.id);
    }
    if (lineup.id >= this.markedBy.length) {
      const grown = new Uint32Array(this.markedBy.length * 2);
      grown.set(this.markedBy);
      this.markedBy = grown;
    }
    return lineup;
  }

  /** One document fewer: the lineup goes with its last. */
  give(lineup: Lineup): void {
    lineup.documents -= 1;
    if (lineup.documents > 0) return;
    this.byText.delete(lineup.text);
    for (const artist of lineup.artists) {
      const lineups = this.ofArtist[artist] as number[];
      lineups.splice(lineups.indexOf(lineup.id), 1);
    }
    this.free.push(lineup.id);
  }

  /** Marks with `query` every lineup that holds one of the artists. */
  mark(artists: number[], query: number): void {
    for (const artist of artists)
      for (const lineup of this.ofArtist[artist] ?? []) this.markedBy[lineup] = query;
  }

  /** Which query last marked each lineup (valid until the next lineup is added). */
  get marks(): Uint32Array {
    return this.markedBy;
  }

  clearMarks(): void {
    this.markedBy.fill(0);
  }
}
