import { graphql, useFragment } from 'react-relay/hooks';
import type { LiveBlogUpdate_update$key } from '@generated/LiveBlogUpdate_update.graphql';
import { RichText } from '../../components/RichText/RichText';
import { useMessages } from '../../i18n/useMessages';
import { LiveBlogTime } from './LiveBlogTime';
import { updateAnchor } from './updateAnchor';

/** One update of a live blog: its time, title, author and text. */
export function LiveBlogUpdate({ update }: { update: LiveBlogUpdate_update$key }) {
  const t = useMessages();
  const data = useFragment(
    graphql`
      fragment LiveBlogUpdate_update on LiveBlogUpdate {
        id
        title
        publishedAt
        isKeyEvent
        author {
          name
        }
        body {
          ...RichText_richText
        }
      }
    `,
    update,
  );
  return (
    <article
      id={updateAnchor(data.id)}
      className={`live-update${data.isKeyEvent ? ' live-update--key' : ''}`}
      aria-labelledby={`${updateAnchor(data.id)}-title`}
    >
      <p className="live-update__meta">
        <LiveBlogTime iso={data.publishedAt} />
        {data.isKeyEvent && <span className="live-update__key">{t('liveBlog.keyEvent')}</span>}
      </p>
      <h3 className="live-update__title" id={`${updateAnchor(data.id)}-title`}>
        {data.title}
      </h3>
      <RichText richText={data.body} className="article-body live-update__body" />
      {data.author && (
        <p className="live-update__author">{t('liveBlog.postedBy', { name: data.author.name })}</p>
      )}
    </article>
  );
}
