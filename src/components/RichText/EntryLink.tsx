import { useLocalePath } from '../../site/useLocale';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import type { EntryLink_entry$key } from '@generated/EntryLink_entry.graphql';
import { Link } from '../../routing/Link';
import { entryPath } from '../../../shared/sitePaths';

/**
 * A link to an entry named in rich text: an `entry-hyperlink` (with the
 * writer's words as `children`) or an inline embed (the entry's own name).
 */
export function EntryLink({
  entry,
  children,
  inline = false,
}: {
  entry: EntryLink_entry$key;
  children?: ReactNode;
  inline?: boolean;
}) {
  const localize = useLocalePath();
  const data = useFragment(
    graphql`
      fragment EntryLink_entry on RichTextEntry {
        __typename
        ... on Article {
          slug
          title
        }
        ... on Author {
          slug
          name
        }
        ... on Topic {
          slug
          name
        }
        ... on Page {
          slug
          title
        }
      }
    `,
    entry,
  );
  const slug = 'slug' in data ? data.slug : null;
  const label = 'title' in data ? data.title : 'name' in data ? data.name : null;
  const path = slug ? entryPath(data.__typename, slug) : null;
  const to = path ? localize(path) : null;
  const text = children ?? label;
  if (!to) return <>{text}</>;
  return (
    <Link
      to={to}
      className={
        inline
          ? `rich-text__entry-chip rich-text__entry-chip--${data.__typename.toLowerCase()}`
          : undefined
      }
    >
      {text}
    </Link>
  );
}
