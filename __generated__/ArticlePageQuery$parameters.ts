/**
 * @generated SignedSource<<da146cadb1e7940a8c607243f3fe1c8a>>
 * @relayHash b08a9ba811344b3b235bebb33e139594
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID a9bfa7eec9a703cc2dfacbc812c26a9f12c13758c73f94584d4b2bab6d238c1b

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticlePageQuery } from './ArticlePageQuery.graphql';

const node: PreloadableConcreteRequest<ArticlePageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "a9bfa7eec9a703cc2dfacbc812c26a9f12c13758c73f94584d4b2bab6d238c1b",
    "metadata": {},
    "name": "ArticlePageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
