import { graphql, useFragment } from 'react-relay/hooks';
import type { EmbeddedEntryBlock_entry$key } from '@generated/EmbeddedEntryBlock_entry.graphql';
import { ArticleEmbed } from './ArticleEmbed';
import { CodeBlockEmbed } from './CodeBlockEmbed';
import { EntryLink } from './EntryLink';
import { PullQuoteEmbed } from './PullQuoteEmbed';

/** An `embedded-entry-block`: each entry type is drawn by its own component. */
export function EmbeddedEntryBlock({ entry }: { entry: EmbeddedEntryBlock_entry$key }) {
  const data = useFragment(
    graphql`
      fragment EmbeddedEntryBlock_entry on RichTextEntry {
        ...ArticleEmbed_article @alias(as: "article")
        ...CodeBlockEmbed_codeBlock @alias(as: "codeBlock")
        ...PullQuoteEmbed_pullQuote @alias(as: "pullQuote")
        ...EntryLink_entry
      }
    `,
    entry,
  );
  if (data.article) return <ArticleEmbed article={data.article} />;
  if (data.codeBlock) return <CodeBlockEmbed codeBlock={data.codeBlock} />;
  if (data.pullQuote) return <PullQuoteEmbed pullQuote={data.pullQuote} />;
  // Authors, topics and pages embedded as blocks show as a link line.
  return (
    <p className="rich-text__entry-line">
      <EntryLink entry={data} inline />
    </p>
  );
}
