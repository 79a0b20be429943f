/**
 * @generated SignedSource<<92dfec40ad1e2502280c675d40541e90>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type EmbeddedEntryBlock_entry$data = {
  readonly article: {
    readonly " $fragmentSpreads": FragmentRefs<"ArticleEmbed_article">;
  } | null | undefined;
  readonly codeBlock: {
    readonly " $fragmentSpreads": FragmentRefs<"CodeBlockEmbed_codeBlock">;
  } | null | undefined;
  readonly pullQuote: {
    readonly " $fragmentSpreads": FragmentRefs<"PullQuoteEmbed_pullQuote">;
  } | null | undefined;
  readonly " $fragmentSpreads": FragmentRefs<"EntryLink_entry">;
  readonly " $fragmentType": "EmbeddedEntryBlock_entry";
};
export type EmbeddedEntryBlock_entry$key = {
  readonly " $data"?: EmbeddedEntryBlock_entry$data;
  readonly " $fragmentSpreads": FragmentRefs<"EmbeddedEntryBlock_entry">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "EmbeddedEntryBlock_entry",
  "selections": [
    {
      "fragment": {
        "kind": "InlineFragment",
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ArticleEmbed_article"
          }
        ],
        "type": "Article",
        "abstractKey": null
      },
      "kind": "AliasedInlineFragmentSpread",
      "name": "article"
    },
    {
      "fragment": {
        "kind": "InlineFragment",
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "CodeBlockEmbed_codeBlock"
          }
        ],
        "type": "CodeBlock",
        "abstractKey": null
      },
      "kind": "AliasedInlineFragmentSpread",
      "name": "codeBlock"
    },
    {
      "fragment": {
        "kind": "InlineFragment",
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "PullQuoteEmbed_pullQuote"
          }
        ],
        "type": "PullQuote",
        "abstractKey": null
      },
      "kind": "AliasedInlineFragmentSpread",
      "name": "pullQuote"
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "EntryLink_entry"
    }
  ],
  "type": "RichTextEntry",
  "abstractKey": "__isRichTextEntry"
};

(node as any).hash = "4b7e45f2e6f78b84c271082996eaeb7d";

export default node;
