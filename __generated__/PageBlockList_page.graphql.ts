/**
 * @generated SignedSource<<f48969dd414a776d7e922439a44c70b5>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type PageBlockList_page$data = {
  readonly blocks: ReadonlyArray<{
    readonly __typename: string;
    readonly articleList: {
      readonly " $fragmentSpreads": FragmentRefs<"ArticleListBlock_block">;
    } | null | undefined;
    readonly callout: {
      readonly " $fragmentSpreads": FragmentRefs<"CalloutBlock_block">;
    } | null | undefined;
    readonly featured: {
      readonly " $fragmentSpreads": FragmentRefs<"FeaturedArticlesBlock_block">;
    } | null | undefined;
    readonly hero: {
      readonly " $fragmentSpreads": FragmentRefs<"HeroBlock_block">;
    } | null | undefined;
    readonly image: {
      readonly " $fragmentSpreads": FragmentRefs<"ImageBlock_block">;
    } | null | undefined;
    readonly newsletter: {
      readonly " $fragmentSpreads": FragmentRefs<"NewsletterSignupBlock_block">;
    } | null | undefined;
    readonly richText: {
      readonly " $fragmentSpreads": FragmentRefs<"RichTextBlock_block">;
    } | null | undefined;
  }>;
  readonly " $fragmentType": "PageBlockList_page";
};
export type PageBlockList_page$key = {
  readonly " $data"?: PageBlockList_page$data;
  readonly " $fragmentSpreads": FragmentRefs<"PageBlockList_page">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "PageBlockList_page",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": null,
      "kind": "LinkedField",
      "name": "blocks",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "__typename",
          "storageKey": null
        },
        {
          "fragment": {
            "kind": "InlineFragment",
            "selections": [
              {
                "args": null,
                "kind": "FragmentSpread",
                "name": "HeroBlock_block"
              }
            ],
            "type": "HeroBlock",
            "abstractKey": null
          },
          "kind": "AliasedInlineFragmentSpread",
          "name": "hero"
        },
        {
          "fragment": {
            "kind": "InlineFragment",
            "selections": [
              {
                "args": null,
                "kind": "FragmentSpread",
                "name": "RichTextBlock_block"
              }
            ],
            "type": "RichTextBlock",
            "abstractKey": null
          },
          "kind": "AliasedInlineFragmentSpread",
          "name": "richText"
        },
        {
          "fragment": {
            "kind": "InlineFragment",
            "selections": [
              {
                "args": null,
                "kind": "FragmentSpread",
                "name": "ArticleListBlock_block"
              }
            ],
            "type": "ArticleListBlock",
            "abstractKey": null
          },
          "kind": "AliasedInlineFragmentSpread",
          "name": "articleList"
        },
        {
          "fragment": {
            "kind": "InlineFragment",
            "selections": [
              {
                "args": null,
                "kind": "FragmentSpread",
                "name": "FeaturedArticlesBlock_block"
              }
            ],
            "type": "FeaturedArticlesBlock",
            "abstractKey": null
          },
          "kind": "AliasedInlineFragmentSpread",
          "name": "featured"
        },
        {
          "fragment": {
            "kind": "InlineFragment",
            "selections": [
              {
                "args": null,
                "kind": "FragmentSpread",
                "name": "CalloutBlock_block"
              }
            ],
            "type": "CalloutBlock",
            "abstractKey": null
          },
          "kind": "AliasedInlineFragmentSpread",
          "name": "callout"
        },
        {
          "fragment": {
            "kind": "InlineFragment",
            "selections": [
              {
                "args": null,
                "kind": "FragmentSpread",
                "name": "ImageBlock_block"
              }
            ],
            "type": "ImageBlock",
            "abstractKey": null
          },
          "kind": "AliasedInlineFragmentSpread",
          "name": "image"
        },
        {
          "fragment": {
            "kind": "InlineFragment",
            "selections": [
              {
                "args": null,
                "kind": "FragmentSpread",
                "name": "NewsletterSignupBlock_block"
              }
            ],
            "type": "NewsletterSignupBlock",
            "abstractKey": null
          },
          "kind": "AliasedInlineFragmentSpread",
          "name": "newsletter"
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Page",
  "abstractKey": null
};

(node as any).hash = "01a25f9d4f18b84cda2fcef098bfc237";

export default node;
