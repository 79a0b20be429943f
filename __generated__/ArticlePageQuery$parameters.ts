/**
 * @generated SignedSource<<8aed6b41a59efca271bf2290bfb93f20>>
 * @relayHash eae09f71fe207a269c32ba0c068aa684
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 767bc383c606e7cb6f9bfa908791a3b69445493deb325abc48e800b677f0b35c

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticlePageQuery } from './ArticlePageQuery.graphql';

const node: PreloadableConcreteRequest<ArticlePageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "767bc383c606e7cb6f9bfa908791a3b69445493deb325abc48e800b677f0b35c",
    "metadata": {},
    "name": "ArticlePageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
