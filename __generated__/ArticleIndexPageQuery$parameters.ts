/**
 * @generated SignedSource<<e51279632556d8bc2629ea3cf1cd1eb6>>
 * @relayHash 132f3cceb41e8100350688607838a436
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 3b0d028e55d07b35d1ec567e6b7315e3571f725e29a74d1f1b7594b5b8ee50d7

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticleIndexPageQuery } from './ArticleIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<ArticleIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "3b0d028e55d07b35d1ec567e6b7315e3571f725e29a74d1f1b7594b5b8ee50d7",
    "metadata": {},
    "name": "ArticleIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
