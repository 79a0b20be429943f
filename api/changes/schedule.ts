import type { ContentSource, ScheduledPublication } from '../sources/contentSource';
import type { ReaderCaches } from '../caches/readerCaches';

export interface ScheduleLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface ScheduleWatchOptions {
  source: ContentSource;
  caches: ReaderCaches;
  logger: ScheduleLogger;
  /** Whether this process is the one that announces scheduled changes (the one that purges: api/changes/changeListener.ts). */
  announces: () => boolean;
  /** Announces that the publication's articles are now visible (a change with cause `schedule`). */
  announce: (publication: ScheduledPublication) => Promise<void>;
  /** After a failed reading of the schedule, the next try (default 30 s). */
  retryMs?: number;
}

/** The timer fires this long after the scheduled instant: the database's clock must agree it has come. */
const AFTER_DUE_MS = 50;
/** setTimeout's longest delay (about 24.8 days): a publication further off is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Scheduled content is exact (issue 21): the next scheduled publication
 * caps how long every cache of this process keeps anything, and how long a
 * CDN may (`ReaderCaches.secondsLeft`). At its instant the caches have
 * nothing older left, and the process that purges announces the change (so
 * the CDN, other machines and the CMS search index follow); then the next one
 * is read. Read again after every change, which may have scheduled something
 * sooner.
 */
export class ScheduleWatch {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private lastAnnounced: string | null = null;

  constructor(private readonly options: ScheduleWatchOptions) {}

  /** Reads the next scheduled publication and arms the timer for it; calls during a reading are served by one more reading after it. */
  refresh(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.read();
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async read(): Promise<void> {
    let next: ScheduledPublication | null;
    try {
      next = await this.options.source.nextScheduled();
    } catch (error) {
      const kept = this.options.caches.nextPublication;
      // A publication still ahead keeps capping caches; one passed caps nothing (caches expire on their own meanwhile).
      if (kept !== null && kept <= Date.now()) this.options.caches.setNextPublication(null);
      this.options.logger.warn(
        { source: this.options.source.kind, err: (error as Error).message },
        'schedule: could not read the next scheduled publication; trying again shortly',
      );
      this.arm(this.options.retryMs ?? 30_000, null);
      return;
    }
    const at = next === null ? null : Date.parse(next.at);
    this.options.caches.setNextPublication(at);
    if (next === null || at === null) {
      this.arm(null, null);
      return;
    }
    this.arm(Math.max(AFTER_DUE_MS, at - Date.now() + AFTER_DUE_MS), next);
  }

  private arm(delayMs: number | null, publication: ScheduledPublication | null) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (delayMs === null || this.closed) return;
    const due = publication !== null && delayMs <= LONGEST_TIMER_MS;
    this.timer = setTimeout(
      () => void this.fire(due ? publication : null),
      Math.min(delayMs, LONGEST_TIMER_MS),
    );
    this.timer.unref();
  }

  private async fire(publication: ScheduledPublication | null) {
    this.timer = null;
    if (
      publication &&
      publication.at !== this.lastAnnounced &&
      Date.parse(publication.at) <= Date.now() &&
      this.options.announces()
    ) {
      this.lastAnnounced = publication.at;
      try {
        await this.options.announce(publication);
        this.options.logger.info(
          { at: publication.at, articles: publication.articleIds.length },
          `schedule: ${publication.articleIds.length} scheduled articles published (${publication.at})`,
        );
      } catch (error) {
        this.options.logger.warn(
          { at: publication.at, err: (error as Error).message },
          'schedule: could not announce the scheduled publication',
        );
      }
    }
    await this.refresh();
  }
}
