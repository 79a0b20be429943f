/**
 * Something in this process that keeps readers' answers, or what they are
 * made of, and can drop them by key (api/caches/cacheKeys.ts): the page
 * cache, yoga's response cache, readers' counts, images' visibility, the
 * crawlers' documents.
 */
export interface KeptAnswers {
  /** Drops everything tagged with one of these keys, and whatever is still being made (its keys are not known yet). */
  drop(keys: ReadonlySet<string>): void;
  dropAll(): void;
}

/** How many drops are remembered for `droppedSince` (older ones count as "something was dropped"). */
const REMEMBERED_DROPS = 256;

/**
 * Every cache of readers' answers in one process, told at once what to drop
 * (a content change, issue 21) and how long anything may be kept (nothing
 * past the next scheduled publication).
 *
 * An answer being made while a drop happens was read from the content before
 * the change: `droppedSince` tells whoever made it not to keep it.
 */
export class ReaderCaches {
  private readonly kept = new Set<KeptAnswers>();
  private drops: { generation: number; keys: ReadonlySet<string> | null }[] = [];
  private current = 0;
  /** Epoch ms of the next scheduled publication; null when none is known to come. */
  private nextPublicationAt: number | null = null;
  /** While the schedule is being read again after a change, nothing new is kept (it might be due sooner). */
  private scheduleUnsettled = 0;

  register<T extends KeptAnswers>(answers: T): T {
    this.kept.add(answers);
    return answers;
  }

  /** Counts drops: an answer started at one generation may be kept only if nothing it shows was dropped since. */
  get generation(): number {
    return this.current;
  }

  drop(keys: Iterable<string>): void {
    const set = new Set(keys);
    if (set.size === 0) return;
    this.remember(set);
    for (const answers of this.kept) answers.drop(set);
  }

  /** Drops everything: changes may have been missed (the notification connection was down). */
  dropAll(): void {
    this.remember(null);
    for (const answers of this.kept) answers.dropAll();
  }

  /** Whether something that answer shows (or anything, without keys) was dropped after `generation`. */
  droppedSince(generation: number, keys?: Iterable<string>): boolean {
    if (generation === this.current) return false;
    const since = this.drops.filter((drop) => drop.generation > generation);
    // Older than what is remembered: assume the worst.
    if (since.length < this.current - generation) return true;
    const wanted = keys ? [...keys] : null;
    return since.some(
      (drop) => drop.keys === null || wanted === null || wanted.some((key) => drop.keys!.has(key)),
    );
  }

  /** When an answer kept now for `ttlMs` stops being fresh: never past the next scheduled publication. */
  expiresAt(ttlMs: number, now = Date.now()): number {
    if (this.scheduleUnsettled > 0) return now;
    return Math.min(now + ttlMs, this.nextPublicationAt ?? Number.POSITIVE_INFINITY);
  }

  /** Whole seconds until the next scheduled publication (what a CDN may keep an answer for at most), or null when none is due. */
  secondsLeft(now = Date.now()): number | null {
    if (this.scheduleUnsettled > 0) return 0;
    if (this.nextPublicationAt === null) return null;
    return Math.max(0, Math.floor((this.nextPublicationAt - now) / 1000));
  }

  /** The next scheduled publication, as the content source says (api/changes/schedule.ts). */
  setNextPublication(at: number | null): void {
    this.nextPublicationAt = at;
  }

  get nextPublication(): number | null {
    return this.nextPublicationAt;
  }

  /** Until `settled()` is called, nothing new is kept: the schedule is being read again. */
  unsettleSchedule(): () => void {
    this.scheduleUnsettled += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.scheduleUnsettled -= 1;
    };
  }

  private remember(keys: ReadonlySet<string> | null) {
    this.current += 1;
    this.drops.push({ generation: this.current, keys });
    if (this.drops.length > REMEMBERED_DROPS) this.drops = this.drops.slice(-REMEMBERED_DROPS);
  }
}

/**
 * A Cache-Control value capped to `secondsLeft` (the next scheduled
 * publication): `max-age` and `s-maxage` at most that, and
 * `stale-while-revalidate` at most what is left after `s-maxage`, so no
 * cache serves an answer, fresh or stale, past that moment.
 * `stale-if-error` is left alone: it only stands in when Folio fails.
 */
export function capCacheControl(value: string, secondsLeft: number | null): string {
  if (secondsLeft === null || !value.includes('public')) return value;
  const directives = value.split(',').map((part) => part.trim());
  const seconds = (name: string) => {
    const found = directives.find((part) => part.startsWith(`${name}=`));
    return found === undefined ? null : Number(found.slice(name.length + 1));
  };
  const maxAge = seconds('max-age');
  const sharedMaxAge = seconds('s-maxage') ?? maxAge ?? 0;
  const cappedShared = Math.min(sharedMaxAge, secondsLeft);
  return directives
    .map((part) => {
      const [name, raw] = part.split('=');
      if (raw === undefined) return part;
      const number = Number(raw);
      if (name === 'max-age' || name === 's-maxage')
        return `${name}=${Math.min(number, secondsLeft)}`;
      if (name === 'stale-while-revalidate')
        return `${name}=${Math.min(number, Math.max(0, secondsLeft - cappedShared))}`;
      return part;
    })
    .join(', ');
}
