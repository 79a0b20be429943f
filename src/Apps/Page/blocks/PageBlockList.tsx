import { graphql, useFragment } from 'react-relay/hooks';
import type { PageBlockList_page$key } from '@generated/PageBlockList_page.graphql';
import { ArticleListBlock } from './ArticleListBlock';
import { CalloutBlock } from './CalloutBlock';
import { FeaturedArticlesBlock } from './FeaturedArticlesBlock';
import { HeroBlock } from './HeroBlock';
import { ImageBlock } from './ImageBlock';
import { NewsletterSignupBlock } from './NewsletterSignupBlock';
import { RichTextBlock } from './RichTextBlock';
import './blocks.css';

/** A composed page, block by block; each block type has its own component and fragment. */
export function PageBlockList({ page }: { page: PageBlockList_page$key }) {
  const { blocks } = useFragment(
    graphql`
      fragment PageBlockList_page on Page {
        blocks {
          __typename
          ...HeroBlock_block @alias(as: "hero")
          ...RichTextBlock_block @alias(as: "richText")
          ...ArticleListBlock_block @alias(as: "articleList")
          ...FeaturedArticlesBlock_block @alias(as: "featured")
          ...CalloutBlock_block @alias(as: "callout")
          ...ImageBlock_block @alias(as: "image")
          ...NewsletterSignupBlock_block @alias(as: "newsletter")
        }
      }
    `,
    page,
  );
  return (
    <div className="page-blocks">
      {blocks.map((block, index) => {
        const key = `${block.__typename}-${index}`;
        if (block.hero) return <HeroBlock key={key} block={block.hero} isFirst={index === 0} />;
        if (block.richText) return <RichTextBlock key={key} block={block.richText} />;
        if (block.articleList) return <ArticleListBlock key={key} block={block.articleList} />;
        if (block.featured) return <FeaturedArticlesBlock key={key} block={block.featured} />;
        if (block.callout) return <CalloutBlock key={key} block={block.callout} />;
        if (block.image) return <ImageBlock key={key} block={block.image} />;
        if (block.newsletter) return <NewsletterSignupBlock key={key} block={block.newsletter} />;
        // A block type this client does not know yet (newer API): left out.
        return null;
      })}
    </div>
  );
}
