import { useState } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ArticleLiveBlog_article$key } from '@generated/ArticleLiveBlog_article.graphql';
import { RichText } from '../../components/RichText/RichText';
import { useMessages } from '../../i18n/useMessages';
import { LiveBlogTime } from './LiveBlogTime';
import { LiveBlogUpdate } from './LiveBlogUpdate';
import { updateAnchor } from './updateAnchor';

/**
 * A live blog's coverage (docs/content-model.md#live-blogs): whether it is
 * running, the pinned summary, the key events and the updates, newest first.
 * An open page follows it (ArticleLive.tsx): new updates reach the store at
 * once, but the list shows them only when the reader asks ("2 new updates"),
 * so the text they are reading never moves; the key events and the updates
 * already shown change at once.
 */
export function ArticleLiveBlog({ article }: { article: ArticleLiveBlog_article$key }) {
  const t = useMessages();
  const { liveBlog } = useFragment(
    graphql`
      fragment ArticleLiveBlog_article on Article {
        liveBlog {
          coverageStartTime
          coverageEndTime
          pinnedSummary {
            ...RichText_richText
          }
          updates {
            id
            title
            publishedAt
            isKeyEvent
            ...LiveBlogUpdate_update
          }
        }
      }
    `,
    article,
  );
  // The updates the reader has been shown: those the page opened with, then those they asked for.
  const [shown, setShown] = useState(() => new Set(liveBlog?.updates.map((update) => update.id)));
  if (!liveBlog) return null;
  const waiting = liveBlog.updates.filter((update) => !shown.has(update.id));
  const showAll = () => setShown(new Set(liveBlog.updates.map((update) => update.id)));
  /** The button: the updates shown, and the reader taken to the newest. */
  const showNew = () => {
    showAll();
    document.getElementById('live-blog-updates')?.scrollIntoView({ block: 'start' });
  };
  const keyEvents = liveBlog.updates.filter((update) => update.isKeyEvent);
  const running = liveBlog.coverageEndTime === null;
  return (
    <section className="live-blog" aria-labelledby="live-blog-updates">
      {/* One line of text, its words one space apart: "Live since 19:00", "Coverage ended at 04:30". */}
      <p className={`live-blog__status${running ? ' live-blog__status--running' : ''}`}>
        {running ? (
          <>
            <span className="live-blog__badge">{t('liveBlog.live')}</span>
            {` ${t('liveBlog.since')} `}
            <LiveBlogTime iso={liveBlog.coverageStartTime} />
          </>
        ) : (
          <>
            {`${t('liveBlog.ended')} `}
            <LiveBlogTime iso={liveBlog.coverageEndTime!} />
          </>
        )}
      </p>
      {liveBlog.pinnedSummary && (
        <aside className="live-blog__summary" aria-labelledby="live-blog-summary">
          <h2 id="live-blog-summary">{t('liveBlog.summary')}</h2>
          <RichText richText={liveBlog.pinnedSummary} className="article-body" />
        </aside>
      )}
      {keyEvents.length > 0 && (
        <nav className="live-blog__key-events" aria-labelledby="live-blog-key-events">
          <h2 id="live-blog-key-events">{t('liveBlog.keyEvents')}</h2>
          <ol>
            {keyEvents.map((update) => (
              <li key={update.id}>
                <LiveBlogTime iso={update.publishedAt} />{' '}
                {/* A key event not shown yet is shown with the rest before the page goes to it. */}
                <a href={`#${updateAnchor(update.id)}`} onClick={showAll}>
                  {update.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <h2 id="live-blog-updates" className="live-blog__heading">
        {t('liveBlog.updates')}
      </h2>
      <div className="live-blog__waiting" aria-live="polite">
        {waiting.length > 0 && (
          <button type="button" className="live-blog__new" onClick={showNew}>
            {t('liveBlog.newUpdates', { count: waiting.length })}
          </button>
        )}
      </div>
      <ol className="live-blog__updates">
        {liveBlog.updates
          .filter((update) => shown.has(update.id))
          .map((update) => (
            <li key={update.id}>
              <LiveBlogUpdate update={update} />
            </li>
          ))}
      </ol>
    </section>
  );
}
