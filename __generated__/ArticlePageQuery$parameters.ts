/**
 * @generated SignedSource<<9c865aaffebc767ad90fbfb5256b0da6>>
 * @relayHash f5153799851b28be576ac7096ae1faf8
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID aacf2ac5ac395ce69865c0f832e992fab0c77c35fa88bd18afd7e1a3ad10d945

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticlePageQuery } from './ArticlePageQuery.graphql';

const node: PreloadableConcreteRequest<ArticlePageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "aacf2ac5ac395ce69865c0f832e992fab0c77c35fa88bd18afd7e1a3ad10d945",
    "metadata": {},
    "name": "ArticlePageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
